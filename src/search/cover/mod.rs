//! Exact cover by bitboards: choose options (sets of items) so that every item is covered once.
//! The search always fills the first uncovered item, trying only the options whose first item
//! it is; options belong to groups that may be used a limited number of times; components of
//! uncovered items whose size no choice can fill are cut off early. Nothing here knows what
//! the items or options stand for.
//!
//! Two searches answer alike: the one in `fast.rs` for problems whose items fit in a u64 or u128 (a board of
//! up to 128 cells) and whose groups' limits add up to at most 64, and the generic one here for
//! the rest (more items, larger limits, any neighbour relation).

mod fast;
#[cfg(not(target_arch = "wasm32"))]
mod parallel;
mod part;
mod word;

use super::meter::{Budget, Flow, Stats};
use super::Part;
use fast::{Fast, Tables};
use web_time::Instant;
use word::{Shifts, Word};

/// A set of items (at most 64 x W).
pub type Bits<const W: usize> = [u64; W];

/// An exact cover problem (a tiling): items to cover, options that each cover some items, and groups of options of which each may be used a limited number of times.
pub struct Cover<const W: usize> {
    /// Items that must be covered.
    pub items: Bits<W>,
    /// Each option's items.
    pub options: Vec<Bits<W>>,
    /// Each option's group.
    pub groups: Vec<usize>,
    /// How often each group may be used (`usize::MAX`: without limit).
    pub limits: Vec<usize>,
    /// For pruning: each item's neighbours, and which component sizes can still be filled
    /// (`fillable[size]`). Empty to prune nothing.
    pub neighbours: Vec<Bits<W>>,
    /// Which sizes of a region of uncovered items can still be filled (`fillable[size]`).
    pub fillable: Vec<bool>,
    /// Place an option of this group first, before filling items in order: for a group with
    /// few options (a piece restricted by symmetry breaking) that cuts the tree at its root.
    pub first_group: Option<usize>,
}

/// How a cover search ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CoverEnd {
    /// Every cover was visited.
    Complete,
    /// The solution callback or the progress callback said stop.
    Stopped,
    /// A budget ran out (the node limit or the time limit).
    GaveUp,
}

fn lowest<const W: usize>(bits: &Bits<W>) -> Option<usize> {
    bits.iter().enumerate().find(|(_, w)| **w != 0).map(|(i, w)| i * 64 + w.trailing_zeros() as usize)
}

struct Search<'a, const W: usize> {
    cover: &'a Cover<W>,
    /// For each item, the options whose first item it is, grouped by group.
    by_first: Vec<Vec<u32>>,
    /// For each item, its options' groups as (group, start, end) runs of `by_first[item]`, so a
    /// group used up is passed over at once.
    runs: Vec<Vec<(usize, usize, usize)>>,
    used: Vec<usize>,
    chosen: Vec<usize>,
    /// The neighbour relation as bit shifts, when it is one (see [`Shifts`]).
    shifts: Option<Shifts<u64>>,
    /// (branch taken, branches) at each level, for estimating how much is done.
    path: Vec<(u32, u32)>,
    count: Count,
    on_solution: &'a mut dyn FnMut(&[usize]) -> Flow,
    on_progress: &'a mut dyn FnMut(&Stats) -> Flow,
}

/// Visits every exact cover, calling `on_solution` with the chosen options. The search stores
/// nothing, so its node limit is the budget's `max_expansions` (by default none: time and
/// Cancel end it); `time_limit` applies. Takes the fast search when the problem fits it.
///
/// ```
/// use puzzlelab::search::cover::{cover, Cover, CoverEnd};
/// use puzzlelab::search::{Budget, Flow};
///
/// // Dominoes on a board of two rows of three cells (cells 0 1 2 / 3 4 5): the items are the
/// // cells, the options the seven places a domino fits, all of one group used freely.
/// let places: [&[usize]; 7] = [&[0, 1], &[1, 2], &[3, 4], &[4, 5], &[0, 3], &[1, 4], &[2, 5]];
/// let problem = Cover::<1> {
///     items: [0b111111],
///     options: places.iter().map(|cells| [cells.iter().map(|c| 1u64 << c).sum()]).collect(),
///     groups: vec![0; 7],
///     limits: vec![usize::MAX],
///     neighbours: Vec::new(),
///     fillable: Vec::new(),
///     first_group: None,
/// };
/// let mut tilings = Vec::new();
/// let (end, _) = cover(&problem, &Budget::default(), &mut |chosen| {
///     tilings.push(chosen.to_vec());
///     Flow::Continue
/// }, &mut |_| Flow::Continue);
/// assert_eq!(end, CoverEnd::Complete);
/// // Three tilings: all three upright, or one upright at either end beside two lying down.
/// tilings.iter_mut().for_each(|t| t.sort());
/// tilings.sort();
/// assert_eq!(tilings, [vec![0, 2, 6], vec![1, 3, 4], vec![4, 5, 6]]);
/// ```
pub fn cover<const W: usize>(
    problem: &Cover<W>,
    budget: &Budget,
    on_solution: &mut dyn FnMut(&[usize]) -> Flow,
    on_progress: &mut dyn FnMut(&Stats) -> Flow,
) -> (CoverEnd, Stats) {
    cover_on(1, problem, budget, on_solution, on_progress)
}

/// [`cover`] on `threads` threads where the fast search takes the problem (natively; the page
/// has one): the same covers, handed on in the same order.
pub fn cover_on<const W: usize>(
    threads: usize,
    problem: &Cover<W>,
    budget: &Budget,
    on_solution: &mut dyn FnMut(&[usize]) -> Flow,
    on_progress: &mut dyn FnMut(&Stats) -> Flow,
) -> (CoverEnd, Stats) {
    if let Some(tables) = Tables::<u64>::new(problem) {
        return fast_on(&tables, threads, budget, on_solution, on_progress);
    }
    if let Some(tables) = Tables::<u128>::new(problem) {
        return fast_on(&tables, threads, budget, on_solution, on_progress);
    }
    generic(problem, budget, on_solution, on_progress)
}

fn fast_on<B: Word + Send + Sync>(
    tables: &Tables<'_, B>,
    threads: usize,
    budget: &Budget,
    on_solution: &mut dyn FnMut(&[usize]) -> Flow,
    on_progress: &mut dyn FnMut(&Stats) -> Flow,
) -> (CoverEnd, Stats) {
    #[cfg(not(target_arch = "wasm32"))]
    if threads > 1 {
        return parallel::search(tables, threads, budget, on_solution, on_progress);
    }
    let _ = threads;
    Fast::new(tables, budget, on_solution, on_progress).run()
}

/// One part of [`cover`] (see [`Part`]): the covers of the subtrees that part takes, in the
/// whole search's order, with where its first cover comes in that order (`None` when it found
/// none). A problem the fast search does not take is not split: part 0 searches all of it and
/// the other parts find nothing.
pub fn cover_part<const W: usize>(
    problem: &Cover<W>,
    part: Part,
    budget: &Budget,
    on_solution: &mut dyn FnMut(&[usize]) -> Flow,
    on_progress: &mut dyn FnMut(&Stats) -> Flow,
) -> (CoverEnd, Stats, Option<u64>) {
    if let Some(tables) = Tables::<u64>::new(problem) {
        return part::search(&tables, part, budget, on_solution, on_progress);
    }
    if let Some(tables) = Tables::<u128>::new(problem) {
        return part::search(&tables, part, budget, on_solution, on_progress);
    }
    whole_in_part_0(part, || generic(problem, budget, on_solution, on_progress))
}

/// A search that is not split, as parts: part 0 is all of it, the others are empty.
pub fn whole_in_part_0(part: Part, search: impl FnOnce() -> (CoverEnd, Stats)) -> (CoverEnd, Stats, Option<u64>) {
    if part.index > 0 {
        return (CoverEnd::Complete, Stats::default(), None);
    }
    let (end, stats) = search();
    (end, stats, (stats.stored > 0).then_some(0))
}

/// The same visit by the generic search, whatever the problem's size (tests compare the two).
pub fn generic<const W: usize>(
    problem: &Cover<W>,
    budget: &Budget,
    on_solution: &mut dyn FnMut(&[usize]) -> Flow,
    on_progress: &mut dyn FnMut(&Stats) -> Flow,
) -> (CoverEnd, Stats) {
    let mut by_first = vec![Vec::new(); W * 64];
    for (index, option) in problem.options.iter().enumerate() {
        if let Some(first) = lowest(option) {
            by_first[first].push(index as u32);
        }
    }
    let mut runs = Vec::with_capacity(by_first.len());
    for list in &mut by_first {
        list.sort_by_key(|&o| problem.groups[o as usize]);
        let mut item_runs: Vec<(usize, usize, usize)> = Vec::new();
        for (i, &o) in list.iter().enumerate() {
            let group = problem.groups[o as usize];
            match item_runs.last_mut() {
                Some(run) if run.0 == group => run.2 = i + 1,
                _ => item_runs.push((group, i, i + 1)),
            }
        }
        runs.push(item_runs);
    }
    let mut search = Search {
        cover: problem,
        by_first,
        runs,
        shifts: if W == 1 { Shifts::find(&problem.neighbours) } else { None },
        used: vec![0; problem.limits.len()],
        chosen: Vec::new(),
        path: Vec::new(),
        count: Count::new(budget),
        on_solution,
        on_progress,
    };
    let end = match problem.first_group {
        Some(group) => search.place_first(group),
        None => search.fill(&problem.items),
    };
    search.count.finish(end)
}

/// What both searches count and report: search nodes and covers, against the budget and the
/// clock.
struct Count {
    nodes: u64,
    solutions: u64,
    /// The share of the tree done at the last report (Knuth's estimate, see [`done`]).
    done: f64,
    next_report: u64,
    budget: Budget,
    started: Instant,
}

impl Count {
    fn new(budget: &Budget) -> Count {
        Count {
            nodes: 0,
            solutions: 0,
            done: 0.0,
            next_report: budget.report_every.max(1),
            budget: *budget,
            started: Instant::now(),
        }
    }

    /// Counts a node; every `report_every` nodes checks the budget and reports progress (`path`:
    /// the branch taken at each depth). Some(end) stops the search.
    #[inline(always)]
    fn node(&mut self, path: &[(u32, u32)], on_progress: &mut dyn FnMut(&Stats) -> Flow) -> Option<CoverEnd> {
        self.nodes += 1;
        if self.nodes < self.next_report {
            return None;
        }
        self.report(path, on_progress)
    }

    #[cold]
    fn report(&mut self, path: &[(u32, u32)], on_progress: &mut dyn FnMut(&Stats) -> Flow) -> Option<CoverEnd> {
        self.next_report = self.nodes + self.budget.report_every.max(1);
        if self.nodes > self.budget.max_expansions || self.budget.time_limit.is_some_and(|t| self.started.elapsed() > t)
        {
            return Some(CoverEnd::GaveUp);
        }
        self.done = done(path);
        let stats = Stats {
            explored: self.nodes,
            stored: self.solutions,
            depth: path.len() as u64,
            elapsed_ms: self.started.elapsed().as_millis() as u64,
            done: self.done,
            ..Stats::default()
        };
        (on_progress(&stats) == Flow::Stop).then_some(CoverEnd::Stopped)
    }

    /// How the search ended (None: it visited every cover), with its figures.
    fn finish(&self, end: Option<CoverEnd>) -> (CoverEnd, Stats) {
        let end = end.unwrap_or(CoverEnd::Complete);
        let stats = Stats {
            explored: self.nodes,
            stored: self.solutions,
            elapsed_ms: self.started.elapsed().as_millis() as u64,
            done: if end == CoverEnd::Complete { 1.0 } else { self.done },
            ..Stats::default()
        };
        (end, stats)
    }
}

/// Knuth's estimate of the share of the tree done: the branches passed at each level, each
/// level weighted by the share of its parent it stands for.
fn done(path: &[(u32, u32)]) -> f64 {
    let mut done = 0.0;
    let mut weight = 1.0;
    for &(branch, branches) in path {
        done += weight * f64::from(branch) / f64::from(branches);
        weight /= f64::from(branches);
    }
    done
}

impl<const W: usize> Search<'_, W> {
    /// Branches on the options of `group` at the root, then fills items in order.
    fn place_first(&mut self, group: usize) -> Option<CoverEnd> {
        let candidates: Vec<usize> = (0..self.cover.options.len()).filter(|&o| self.cover.groups[o] == group).collect();
        for (branch, &option) in candidates.iter().enumerate() {
            let items = &self.cover.options[option];
            if !items.iter().zip(&self.cover.items).all(|(i, o)| i & !o == 0) {
                continue;
            }
            let mut rest = self.cover.items;
            for (r, i) in rest.iter_mut().zip(items) {
                *r &= !i;
            }
            self.used[group] += 1;
            self.chosen.push(option);
            self.path.push((branch as u32, candidates.len() as u32));
            let end = self.fill(&rest);
            self.path.pop();
            self.chosen.pop();
            self.used[group] -= 1;
            if end.is_some() {
                return end;
            }
        }
        None
    }

    /// Covers `open` (the items still uncovered). Some(end) stops the whole search.
    fn fill(&mut self, open: &Bits<W>) -> Option<CoverEnd> {
        let Some(first) = lowest(open) else {
            self.count.solutions += 1;
            return ((self.on_solution)(&self.chosen) == Flow::Stop).then_some(CoverEnd::Stopped);
        };
        if let Some(end) = self.count.node(&self.path, self.on_progress) {
            return Some(end);
        }
        if !self.fillable(open) {
            return None;
        }
        let candidates = std::mem::take(&mut self.by_first[first]);
        let runs = std::mem::take(&mut self.runs[first]);
        let mut end = None;
        'runs: for &(group, start, stop) in &runs {
            if self.used[group] >= self.cover.limits[group] {
                continue;
            }
            for (branch, &option) in candidates.iter().enumerate().take(stop).skip(start) {
                let option = option as usize;
                let items = &self.cover.options[option];
                if !items.iter().zip(open).all(|(i, o)| i & !o == 0) {
                    continue;
                }
                let mut rest = *open;
                for (r, i) in rest.iter_mut().zip(items) {
                    *r &= !i;
                }
                self.used[group] += 1;
                self.chosen.push(option);
                self.path.push((branch as u32, candidates.len() as u32));
                end = self.fill(&rest);
                self.path.pop();
                self.chosen.pop();
                self.used[group] -= 1;
                if end.is_some() {
                    break 'runs;
                }
            }
        }
        self.by_first[first] = candidates;
        self.runs[first] = runs;
        end
    }

    fn fillable(&self, open: &Bits<W>) -> bool {
        fillable(self.cover, self.shifts.as_ref(), open)
    }
}

/// Whether every connected part of `open` has a size some choice of options can fill.
fn fillable<const W: usize>(cover: &Cover<W>, shifts: Option<&Shifts<u64>>, open: &Bits<W>) -> bool {
    if cover.neighbours.is_empty() {
        return true;
    }
    if let Some(shifts) = shifts {
        return shifts.regions_fit(open[0], open[0], &cover.fillable);
    }
    let mut left = *open;
    while let Some(seed) = lowest(&left) {
        let mut region = [0u64; W];
        region[seed / 64] |= 1 << (seed % 64);
        let mut frontier = region;
        loop {
            let mut grown = region;
            while let Some(item) = lowest(&frontier) {
                frontier[item / 64] &= !(1 << (item % 64));
                for (g, (n, l)) in grown.iter_mut().zip(cover.neighbours[item].iter().zip(&left)) {
                    *g |= n & l;
                }
            }
            let mut new = [0u64; W];
            for (k, (g, r)) in new.iter_mut().zip(grown.iter().zip(&region)) {
                *k = g & !r;
            }
            if new.iter().all(|&w| w == 0) {
                break;
            }
            region = grown;
            frontier = new;
        }
        let size: u32 = region.iter().map(|w| w.count_ones()).sum();
        if !cover.fillable.get(size as usize).copied().unwrap_or(false) {
            return false;
        }
        for (l, r) in left.iter_mut().zip(&region) {
            *l &= !r;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bits(items: &[usize]) -> Bits<1> {
        [items.iter().fold(0, |b, &i| b | 1 << i)]
    }

    #[test]
    fn knuths_example() {
        // Knuth's Algorithm X example: items 0..7, options A..F; the one cover is A, D, E
        // ({0,3}, {4,5,2}, {1,6}).
        let options = vec![
            bits(&[0, 3, 6]),
            bits(&[0, 3]),
            bits(&[3, 4, 6]),
            bits(&[2, 4, 5]),
            bits(&[1, 2, 5, 6]),
            bits(&[1, 6]),
        ];
        let problem = Cover {
            items: bits(&[0, 1, 2, 3, 4, 5, 6]),
            groups: (0..6).collect(),
            limits: vec![1; 6],
            options,
            neighbours: vec![],
            fillable: vec![],
            first_group: None,
        };
        for search in [cover, generic] {
            let mut found = Vec::new();
            let (end, _) = search(
                &problem,
                &Budget::default(),
                &mut |chosen: &[usize]| {
                    let mut c = chosen.to_vec();
                    c.sort();
                    found.push(c);
                    Flow::Continue
                },
                &mut |_: &Stats| Flow::Continue,
            );
            assert_eq!(end, CoverEnd::Complete);
            assert_eq!(found, vec![vec![1, 3, 5]]);
        }
    }

    #[test]
    fn progress_estimates_how_much_is_done() {
        // Dominoes on a 2x8 board (items r*8+c): 34 tilings, reported with progress.
        let mut options = Vec::new();
        for r in 0..2 {
            for c in 0..8 {
                if c < 7 {
                    options.push(bits(&[r * 8 + c, r * 8 + c + 1]));
                }
                if r == 0 {
                    options.push(bits(&[c, 8 + c]));
                }
            }
        }
        let n = options.len();
        let problem = Cover {
            items: [0xffff],
            options,
            groups: vec![0; n],
            limits: vec![usize::MAX],
            neighbours: vec![],
            fillable: vec![],
            first_group: None,
        };
        let budget = Budget { report_every: 5, ..Budget::default() };
        for search in [cover, generic] {
            let mut seen = Vec::new();
            let (end, stats) = search(&problem, &budget, &mut |_: &[usize]| Flow::Continue, &mut |s: &Stats| {
                seen.push(s.done);
                Flow::Continue
            });
            assert_eq!(end, CoverEnd::Complete);
            assert_eq!(stats.stored, 34, "2xn domino tilings are Fibonacci numbers: 34 for n = 8");
            assert_eq!(stats.done, 1.0);
            assert!(!seen.is_empty() && seen.iter().all(|&d| (0.0..1.0).contains(&d)), "{seen:?}");
            assert!(seen.windows(2).all(|w| w[0] <= w[1]), "the estimate only grows: {seen:?}");
        }
    }

    #[test]
    fn groups_limit_use_and_stop_works() {
        // Dominoes on a 1x4 strip: two placements cover it; with one domino allowed, none do.
        let options = vec![bits(&[0, 1]), bits(&[1, 2]), bits(&[2, 3])];
        let mut problem = Cover {
            items: bits(&[0, 1, 2, 3]),
            options,
            groups: vec![0, 0, 0],
            limits: vec![2],
            neighbours: vec![],
            fillable: vec![],
            first_group: None,
        };
        let count = |problem: &Cover<1>| {
            let mut count = 0;
            let mut each = |_: &[usize]| {
                count += 1;
                Flow::Continue
            };
            cover(problem, &Budget::default(), &mut each, &mut |_: &Stats| Flow::Continue);
            count
        };
        assert_eq!(count(&problem), 1);
        problem.limits = vec![1];
        assert_eq!(count(&problem), 0);
        problem.limits = vec![2];
        let (end, _) =
            cover(&problem, &Budget::default(), &mut |_: &[usize]| Flow::Stop, &mut |_: &Stats| Flow::Continue);
        assert_eq!(end, CoverEnd::Stopped);
    }

    #[test]
    fn both_searches_stop_and_give_up() {
        // Dominoes on a 1x8 strip, one group used freely (the fast search) or at most 4 times
        // out of 7 options (the generic one): one cover, found after a few nodes.
        let options: Vec<Bits<1>> = (0..7).map(|i| bits(&[i, i + 1])).collect();
        for limit in [usize::MAX, 4] {
            let problem = Cover {
                items: [0xff],
                options: options.clone(),
                groups: vec![0; 7],
                limits: vec![limit],
                neighbours: vec![],
                fillable: vec![],
                first_group: None,
            };
            let (end, stats) =
                cover(&problem, &Budget::default(), &mut |_: &[usize]| Flow::Stop, &mut |_: &Stats| Flow::Continue);
            assert_eq!((end, stats.stored), (CoverEnd::Stopped, 1));
            let tight = Budget { max_expansions: 1, report_every: 1, ..Budget::default() };
            let (end, _) = cover(&problem, &tight, &mut |_: &[usize]| Flow::Continue, &mut |_: &Stats| Flow::Continue);
            assert_eq!(end, CoverEnd::GaveUp);
            let (end, _) = cover(
                &problem,
                &Budget { report_every: 1, ..Budget::default() },
                &mut |_: &[usize]| Flow::Continue,
                &mut |_: &Stats| Flow::Stop,
            );
            assert_eq!(end, CoverEnd::Stopped, "Cancel from the progress report");
        }
    }

    /// Dominoes on a rows x cols rectangle numbered column by column, one group used freely.
    fn dominoes(rows: usize, cols: usize) -> Cover<1> {
        let mut options = Vec::new();
        for i in 0..rows * cols {
            if i % rows + 1 < rows {
                options.push(bits(&[i, i + 1]));
            }
            if i + rows < rows * cols {
                options.push(bits(&[i, i + rows]));
            }
        }
        let n = options.len();
        let fillable = (0..=rows * cols).map(|k| k % 2 == 0).collect();
        Cover {
            items: [(1 << (rows * cols)) - 1],
            options,
            groups: vec![0; n],
            limits: vec![usize::MAX],
            neighbours: rectangle(rows, cols),
            fillable,
            first_group: None,
        }
    }

    #[test]
    fn every_thread_count_hands_on_the_same_covers_in_the_same_order() {
        // Domino tilings of 4x8: 2245 (OEIS A005178).
        let problem = dominoes(4, 8);
        let list = |threads: usize| {
            let mut found = Vec::new();
            let (end, stats) = cover_on(
                threads,
                &problem,
                &Budget::default(),
                &mut |chosen: &[usize]| {
                    found.push(chosen.to_vec());
                    Flow::Continue
                },
                &mut |_: &Stats| Flow::Continue,
            );
            assert_eq!((end, stats.stored, stats.done), (CoverEnd::Complete, 2245, 1.0));
            found
        };
        let one = list(1);
        assert_eq!(one.len(), 2245);
        for threads in [2, 3] {
            assert_eq!(list(threads), one, "{threads} threads");
            // Stopping at the first cover gives the sequential first cover.
            let mut first = Vec::new();
            let (end, _) = cover_on(
                threads,
                &problem,
                &Budget::default(),
                &mut |chosen: &[usize]| {
                    first = chosen.to_vec();
                    Flow::Stop
                },
                &mut |_: &Stats| Flow::Continue,
            );
            assert_eq!((end, &first), (CoverEnd::Stopped, &one[0]));
            // Cancel and budgets end it too.
            let (end, _) = cover_on(
                threads,
                &dominoes(7, 8),
                &Budget { report_every: 1, ..Budget::default() },
                &mut |_: &[usize]| Flow::Continue,
                &mut |_: &Stats| Flow::Stop,
            );
            assert_eq!(end, CoverEnd::Stopped);
            let (end, stats) = cover_on(
                threads,
                &dominoes(7, 8),
                &Budget { max_expansions: 1000, ..Budget::default() },
                &mut |_: &[usize]| Flow::Continue,
                &mut |_: &Stats| Flow::Continue,
            );
            assert_eq!(end, CoverEnd::GaveUp, "{stats:?}");
        }
    }

    #[test]
    fn parts_find_the_sequential_covers_between_them_each_once() {
        let problem = dominoes(4, 8);
        let mut one = Vec::new();
        let (_, whole) = cover(
            &problem,
            &Budget::default(),
            &mut |chosen: &[usize]| {
                one.push(chosen.to_vec());
                Flow::Continue
            },
            &mut |_: &Stats| Flow::Continue,
        );
        for of in [1, 2, 3, 7] {
            let mut firsts = Vec::new();
            let mut all = Vec::new();
            let mut figures = Vec::new();
            for index in 0..of {
                let mut found = Vec::new();
                let (end, stats, first_at) = cover_part(
                    &problem,
                    Part { index, of },
                    &Budget::default(),
                    &mut |chosen: &[usize]| {
                        found.push(chosen.to_vec());
                        Flow::Continue
                    },
                    &mut |_: &Stats| Flow::Continue,
                );
                assert_eq!((end, stats.stored), (CoverEnd::Complete, found.len() as u64), "part {index} of {of}");
                assert!(!found.is_empty(), "with 64 subtrees for each part, every part has covers");
                // Each part's covers come in the sequential order.
                let places: Vec<usize> =
                    found.iter().map(|c| one.iter().position(|o| o == c).expect("a sequential cover")).collect();
                assert!(places.windows(2).all(|w| w[0] < w[1]), "part {index} of {of}");
                firsts.push((first_at.expect("it found some"), found[0].clone()));
                all.extend(found);
                figures.push(stats);
            }
            all.sort();
            let mut sorted = one.clone();
            sorted.sort();
            assert_eq!(all, sorted, "{of} parts find every cover once");
            // The part whose first cover comes earliest has the sequential first cover.
            assert_eq!(firsts.iter().min_by_key(|(at, _)| *at).map(|(_, c)| c), Some(&one[0]), "{of} parts");
            let joined = Stats::joined(&figures);
            assert_eq!(joined.stored, 2245);
            assert!((joined.done - 1.0).abs() < 1e-9, "{joined:?}");
            assert!(joined.explored >= whole.explored, "{joined:?} against {whole:?}");
        }
        // Stop and budgets end a part as they end the search.
        let part = Part { index: 1, of: 2 };
        let (end, _, _) = cover_part(
            &dominoes(7, 8),
            part,
            &Budget { report_every: 1, ..Budget::default() },
            &mut |_: &[usize]| Flow::Continue,
            &mut |_: &Stats| Flow::Stop,
        );
        assert_eq!(end, CoverEnd::Stopped);
        let (end, _, _) = cover_part(
            &dominoes(7, 8),
            part,
            &Budget { max_expansions: 1000, ..Budget::default() },
            &mut |_: &[usize]| Flow::Continue,
            &mut |_: &Stats| Flow::Continue,
        );
        assert_eq!(end, CoverEnd::GaveUp);
    }

    #[cfg(not(target_arch = "wasm32"))]
    #[test]
    fn too_many_covers_held_back_are_searched_again_in_order() {
        // Holding back at most 50 covers: the workers stop and the calling thread finishes,
        // still handing on the sequential covers in the sequential order.
        let problem = dominoes(4, 8);
        let tables = Tables::<u64>::new(&problem).expect("the fast search takes it");
        let list = |threads: usize, most_held: u64| {
            let mut found = Vec::new();
            let (end, stats) = parallel::search_holding(
                &tables,
                threads,
                most_held,
                &Budget::default(),
                &mut |chosen: &[usize]| {
                    found.push(chosen.to_vec());
                    Flow::Continue
                },
                &mut |_: &Stats| Flow::Continue,
            );
            assert_eq!((end, stats.stored), (CoverEnd::Complete, 2245));
            found
        };
        let one = list(1, u64::MAX);
        for threads in [2, 3] {
            assert_eq!(list(threads, 50), one, "{threads} threads");
        }
    }

    /// A rows x cols rectangle numbered column by column, as the tiling family numbers it.
    fn rectangle(rows: usize, cols: usize) -> Vec<Bits<1>> {
        (0..rows * cols)
            .map(|i| {
                let (c, r) = (i / rows, i % rows);
                let mut n = 0u64;
                for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
                    let (nr, nc) = (r as isize + dr, c as isize + dc);
                    if nr >= 0 && nc >= 0 && (nr as usize) < rows && (nc as usize) < cols {
                        n |= 1 << (nc as usize * rows + nr as usize);
                    }
                }
                [n]
            })
            .collect()
    }

    #[test]
    fn shifted_regions_match_the_item_by_item_flood() {
        let neighbours = rectangle(6, 10);
        let shifts = Shifts::<u64>::find(&neighbours).expect("a rectangle is shifts");
        // A board with a hole numbered compactly is not.
        let mut holed = rectangle(3, 3);
        holed.remove(4);
        assert!(Shifts::<u64>::find(&holed).is_none());
        let fives: Vec<bool> = (0..=60).map(|n| n % 5 == 0).collect();
        let problem = |neighbours: Vec<Bits<1>>| Cover {
            items: [(1u64 << 60) - 1],
            options: vec![],
            groups: vec![],
            limits: vec![],
            neighbours,
            fillable: fives.clone(),
            first_group: None,
        };
        let rect = problem(neighbours);
        let mut random = 0x2545_f491_4f6c_dd1du64;
        let mut yes = 0;
        for case in 0..20_000 {
            random ^= random << 13;
            random ^= random >> 7;
            random ^= random << 17;
            // Sparse sets (many small parts) and dense ones (a few big parts).
            let bits = if case % 2 == 0 { random & random >> 3 } else { random | random >> 3 | random >> 7 };
            let open = [bits & ((1 << 60) - 1)];
            let answer = fillable(&rect, Some(&shifts), &open);
            assert_eq!(answer, fillable(&rect, None, &open), "case {case}: {:060b}", open[0]);
            yes += usize::from(answer);
        }
        assert!(yes > 100, "both answers are exercised ({yes} fillable)");
    }
}
