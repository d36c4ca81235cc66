//! How much memory a search may take by default: natively, read from what the system says of
//! this process (`/proc`, the control group's files); in the page, a fixed share.

/// Bytes a stored search may hold by default: half of what this process may still take, which
/// is the least of the machine's free memory, the room left under the process's address-space
/// and data limits (`ulimit -v`, `ulimit -d`), and the room left in its control group (a
/// container's memory limit). Half, because the counted bytes are the search's tables and
/// the process needs more besides.
#[cfg(not(target_arch = "wasm32"))]
pub fn default_memory() -> u64 {
    let read = |path: &str| std::fs::read_to_string(path).unwrap_or_default();
    let room = memory_room(
        &read("/proc/meminfo"),
        &read("/proc/self/limits"),
        &read("/proc/self/status"),
        &read("/sys/fs/cgroup/memory.max"),
        &read("/sys/fs/cgroup/memory.current"),
    );
    room.map_or(2 << 30, |bytes| (bytes / 2).max(64 << 20))
}

/// The least of the limits `default_memory` reads, from the texts of those files (empty when a
/// file is missing); None when none of them says anything.
#[cfg(not(target_arch = "wasm32"))]
fn memory_room(meminfo: &str, limits: &str, status: &str, cgroup_max: &str, cgroup_current: &str) -> Option<u64> {
    // "MemAvailable:  23651 kB" in /proc/meminfo, "VmSize:  10240 kB" in /proc/self/status.
    let kilobytes = |text: &str, key: &str| {
        let line = text.lines().find(|l| l.starts_with(key))?;
        line[key.len()..].split_whitespace().next()?.parse::<u64>().ok().map(|kb| kb * 1024)
    };
    // "Max address space   3072000000   3072000000   bytes": the soft limit, or "unlimited".
    let limit = |name: &str| {
        let line = limits.lines().find(|l| l.starts_with(name))?;
        line[name.len()..].split_whitespace().next()?.parse::<u64>().ok()
    };
    let used = kilobytes(status, "VmSize:").unwrap_or(0);
    let under_limits =
        [limit("Max address space"), limit("Max data size")].into_iter().flatten().map(|l| l.saturating_sub(used));
    let cgroup =
        cgroup_max.trim().parse::<u64>().ok().map(|max| max.saturating_sub(cgroup_current.trim().parse().unwrap_or(0)));
    [kilobytes(meminfo, "MemAvailable:"), cgroup].into_iter().flatten().chain(under_limits).min()
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod memory_tests {
    use super::memory_room;

    const MEMINFO: &str = "MemTotal:       24684532 kB\nMemFree:        22722600 kB\nMemAvailable:   24218624 kB\n";
    const UNLIMITED: &str = "Limit                     Soft Limit           Hard Limit           Units\nMax data size             unlimited            unlimited            bytes\nMax address space         unlimited            unlimited            bytes\n";

    #[test]
    fn the_least_room_wins() {
        let free = 24218624 * 1024;
        assert_eq!(memory_room(MEMINFO, UNLIMITED, "VmSize:\t  10240 kB\n", "max\n", "1000\n"), Some(free));
        // ulimit -v 3000000 (KB): what is left under it once the process's own size is taken off.
        let limited = UNLIMITED.replace(
            "Max address space         unlimited            unlimited",
            "Max address space         3072000000           3072000000",
        );
        assert_eq!(
            memory_room(MEMINFO, &limited, "VmSize:\t  10240 kB\n", "max\n", ""),
            Some(3072000000 - 10240 * 1024)
        );
        // A container allowed 1 GB, of which 100 MB is used.
        assert_eq!(memory_room(MEMINFO, UNLIMITED, "", "1073741824\n", "104857600\n"), Some(1073741824 - 104857600));
        assert_eq!(memory_room("", "", "", "", ""), None);
    }
}

/// Bytes a stored search may hold by default in the page.
#[cfg(target_arch = "wasm32")]
pub fn default_memory() -> u64 {
    1 << 30
}
