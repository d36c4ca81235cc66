//! Share links: a puzzle, its options and a replay step packed into a URL fragment
//! (JSON, deflated, base64url), and unpacked defensively: size limits before and after inflating.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use serde::{Deserialize, Serialize};

/// Longest fragment we try to read (characters after `#p=`).
pub const MAX_FRAGMENT: usize = 64 * 1024;
/// Most bytes a fragment may inflate to.
pub const MAX_INFLATED: usize = 1 << 20;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Shared {
    /// Format version, for links that outlive this code.
    pub v: u32,
    pub family: String,
    pub text: String,
    #[serde(default)]
    pub metric: Option<String>,
    #[serde(default)]
    pub method: Option<String>,
    #[serde(default)]
    pub step: usize,
    /// The puzzle's switches turned on, by name.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub switches: Vec<String>,
    /// Links made before switches had names said `exact: true` for Game About
    /// Squares' one switch; read as that switch ([`Shared::switches_on`]), never written.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub exact: bool,
    /// Open with Analyse run and its panel shown, instead of solving.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub analyse: bool,
    /// Open as the compact player an embedded link shows.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub player: Option<Player>,
    /// Open the puzzle without solving it: the page's first module hands a puzzle it cannot read
    /// (a script, an LM-Solve board) to its full module this way when the user opened one but
    /// did not ask for a solve.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub idle: bool,
    /// Moves played on the board by hand, `step` of them shown: "I am stuck here" as a link.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub played: Vec<String>,
}

impl Shared {
    /// A link to `text`, read as `family`, with nothing else said (format 1, as written now).
    pub fn new(family: &str, text: &str) -> Shared {
        Shared {
            v: 1,
            family: family.to_string(),
            text: text.to_string(),
            metric: None,
            method: None,
            step: 0,
            switches: Vec::new(),
            exact: false,
            analyse: false,
            player: None,
            idle: false,
            played: Vec::new(),
        }
    }

    /// The switches the link turns on, an old link's `exact` among them.
    pub fn switches_on(&self) -> Vec<String> {
        let mut on = self.switches.clone();
        if self.exact && !on.iter().any(|s| s == "exact") {
            on.push("exact".to_string());
        }
        on
    }
}

/// What an embedded player's link carries besides the puzzle: the solution's moves, so that it
/// replays without searching (the page checks them through the rules first and solves when they
/// do not replay), and how it plays.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Player {
    pub moves: Vec<String>,
    #[serde(default)]
    pub autoplay: bool,
    /// Start again from the beginning after the last move.
    #[serde(default, rename = "loop")]
    pub looped: bool,
    /// The replay's speed, 1 (slow) to 10 (fast); None: the page's own default.
    #[serde(default)]
    pub speed: Option<u8>,
    /// The dark theme.
    #[serde(default)]
    pub dark: bool,
}

/// The fragment (without '#') for a shared puzzle.
pub fn encode(shared: &Shared) -> String {
    let json = serde_json::to_vec(shared).expect("plain data serialises");
    let packed = miniz_oxide::deflate::compress_to_vec(&json, 9);
    format!("p={}", URL_SAFE_NO_PAD.encode(packed))
}

/// Reads a fragment (with or without the leading '#'). Every failure is a sentence for the user.
pub fn decode(fragment: &str) -> Result<Shared, String> {
    let fragment = fragment.strip_prefix('#').unwrap_or(fragment);
    let Some(data) = fragment.strip_prefix("p=") else {
        return Err("this link does not hold a puzzle (it should start with #p=)".into());
    };
    if data.len() > MAX_FRAGMENT {
        return Err(format!(
            "this link is too long to be a puzzle ({} characters; the limit is {MAX_FRAGMENT})",
            data.len()
        ));
    }
    let packed = URL_SAFE_NO_PAD
        .decode(data.trim_end_matches('='))
        .map_err(|_| "this link is damaged: its puzzle data is not valid base64url".to_string())?;
    let json = miniz_oxide::inflate::decompress_to_vec_with_limit(&packed, MAX_INFLATED).map_err(|e| {
        if matches!(e.status, miniz_oxide::inflate::TINFLStatus::HasMoreOutput) {
            format!("this link's puzzle is larger than {} KB; refusing to open it", MAX_INFLATED >> 10)
        } else {
            "this link is damaged: its puzzle data does not decompress (was it cut short?)".to_string()
        }
    })?;
    let shared: Shared = serde_json::from_slice(&json)
        .map_err(|e| format!("this link is damaged: its puzzle data is not readable ({e})"))?;
    if shared.v != 1 {
        return Err(format!("this link was made by a newer puzzlelab (format {}); this one reads format 1", shared.v));
    }
    Ok(shared)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Shared {
        Shared {
            v: 1,
            family: "sliding".into(),
            text: "ab\n  \na-\n".into(),
            metric: Some("slide".into()),
            method: None,
            step: 3,
            switches: vec!["exact".into()],
            exact: false,
            analyse: true,
            player: None,
            idle: false,
            played: vec!["a D".into(), "b L".into()],
        }
    }

    #[test]
    fn round_trip() {
        let s = sample();
        let fragment = encode(&s);
        assert!(fragment.starts_with("p="));
        assert!(fragment.chars().all(|c| c.is_ascii_alphanumeric() || "=-_".contains(c)), "{fragment}");
        assert_eq!(decode(&fragment), Ok(s.clone()));
        assert_eq!(decode(&format!("#{fragment}")), Ok(s));
    }

    /// A link from before switches had names (`"exact": true`) opens with the switch on.
    #[test]
    fn an_old_links_exact_is_the_exact_switch() {
        let old = Shared { switches: Vec::new(), exact: true, ..sample() };
        let fragment = encode(&old);
        assert_eq!(decode(&fragment).map(|s| s.switches_on()), Ok(vec!["exact".to_string()]));
        assert_eq!(sample().switches_on(), ["exact"]);
        assert_eq!(Shared { switches: Vec::new(), ..sample() }.switches_on(), Vec::<String>::new());
    }

    #[test]
    fn a_player_link_carries_the_moves_and_how_to_play_them() {
        let moves: Vec<String> = ["b L", "a D"].iter().map(|m| m.to_string()).collect();
        let player = Player { moves, autoplay: true, looped: true, speed: Some(7), dark: true };
        let shared = Shared { player: Some(player), analyse: false, ..sample() };
        assert_eq!(decode(&encode(&shared)), Ok(shared));
        // A link from before players, and a player with only its moves.
        let old = r#"{"v":1,"family":"sliding","text":"ab\n"}"#;
        let packed = |json: &str| {
            format!("p={}", URL_SAFE_NO_PAD.encode(miniz_oxide::deflate::compress_to_vec(json.as_bytes(), 9)))
        };
        assert_eq!(decode(&packed(old)).unwrap().player, None);
        let bare = decode(&packed(r#"{"v":1,"family":"sliding","text":"ab\n","player":{"moves":["b L"]}}"#))
            .unwrap()
            .player
            .unwrap();
        assert_eq!(
            (bare.moves.len(), bare.autoplay, bare.looped, bare.speed, bare.dark),
            (1, false, false, None, false)
        );
    }

    #[test]
    fn damaged_links_are_refused_in_words() {
        let fragment = encode(&sample());
        assert!(decode("x=1").unwrap_err().contains("does not hold a puzzle"));
        assert!(decode("p=***").unwrap_err().contains("base64url"));
        let cut = &fragment[..fragment.len() / 2];
        assert!(decode(cut).unwrap_err().contains("damaged"));
        let long = format!("p={}", "A".repeat(MAX_FRAGMENT + 1));
        assert!(decode(&long).unwrap_err().contains("too long"));
        let not_json = format!("p={}", URL_SAFE_NO_PAD.encode(miniz_oxide::deflate::compress_to_vec(b"hello", 6)));
        assert!(decode(&not_json).unwrap_err().contains("not readable"));
    }

    #[test]
    fn a_zip_bomb_is_refused() {
        let huge = vec![b' '; MAX_INFLATED * 4];
        let packed = miniz_oxide::deflate::compress_to_vec(&huge, 9);
        let fragment = format!("p={}", URL_SAFE_NO_PAD.encode(packed));
        assert!(fragment.len() < MAX_FRAGMENT);
        assert!(decode(&fragment).unwrap_err().contains("larger than"));
    }
}
