//! Every input fuzzing found a fault with (`make fuzz`), kept as a regular test: each file of
//! `tests/fixtures/fuzz/` is named after its fuzz target (`read-…`, `solve-…`; `read_maze-…` for
//! the reader of one family, as the readers were fuzzed before `read` took them all) and goes
//! through the very checks that target makes (`fuzz/fuzz_targets/checks.rs`).
#![cfg(not(target_arch = "wasm32"))]

#[path = "../fuzz/fuzz_targets/checks.rs"]
mod checks;

#[test]
fn every_input_fuzzing_found_passes_its_checks() {
    let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/fuzz");
    let mut checked = 0;
    for entry in std::fs::read_dir(&folder).expect("the fuzz fixtures folder") {
        let path = entry.expect("a readable entry").path();
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or_default().to_string();
        if name == "README.md" {
            continue;
        }
        let data = std::fs::read(&path).expect("a readable fixture");
        let target = name.split('-').next().unwrap_or_default();
        match target {
            "solve" => checks::solve(&data),
            "analyse" => checks::analyse(&data),
            "render" => checks::render(&data),
            "goal" => checks::goal(&data),
            "kept" => checks::kept(&data),
            "share_link" => checks::share_link(&data),
            "read" => checks::read_every(&data),
            reader => match reader.strip_prefix("read_") {
                Some(family) => checks::read(family, &data),
                None => panic!("{name}: name it after its fuzz target (read_FAMILY-, solve-, share_link-)"),
            },
        }
        checked += 1;
    }
    assert!(checked > 0, "no fixtures in {}", folder.display());
}
