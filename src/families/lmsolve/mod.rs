//! The eight LM-Solve families (Games::LMSolve 0.14.2; `docs/specs/lmsolve.md`): Alice,
//! Theseus and the Minotaur, Number mazes, Planks (square and hexagonal) and the three Tilt
//! mazes. `input.rs` reads LM-Solve's board files, `scan.rs` is its search loop and output, one
//! file per family holds the rules. `puzzlelab lm-solve` prints what `lm-solve` prints.

pub mod alice;
#[cfg(not(target_arch = "wasm32"))]
pub mod command;
pub mod draw;
pub mod edit;
pub mod family;
pub mod input;
pub mod minotaur;
pub mod numbers;
pub mod plank;
pub mod scan;
pub mod tilt;

use crate::families::FormatError;
use crate::search::{Budget, Flow, Stats};
use input::Kind;
use scan::{display_solution, scan, Game, Scan};

/// The variants, by the name `lm-solve -g` takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Variant {
    Alice,
    Minotaur,
    Numbers,
    Plank,
    HexPlank,
    TiltSingle,
    TiltMulti,
    TiltRedBlue,
}

impl Variant {
    pub const ALL: [Variant; 8] = [
        Variant::Alice,
        Variant::Minotaur,
        Variant::Numbers,
        Variant::Plank,
        Variant::HexPlank,
        Variant::TiltSingle,
        Variant::TiltMulti,
        Variant::TiltRedBlue,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Variant::Alice => "alice",
            Variant::Minotaur => "minotaur",
            Variant::Numbers => "numbers",
            Variant::Plank => "plank",
            Variant::HexPlank => "hex_plank",
            Variant::TiltSingle => "tilt_single",
            Variant::TiltMulti => "tilt_multi",
            Variant::TiltRedBlue => "tilt_rb",
        }
    }

    pub fn named(name: &str) -> Option<Variant> {
        match name {
            "tilt_puzzle" => Some(Variant::TiltRedBlue),
            _ => Variant::ALL.into_iter().find(|v| v.name() == name),
        }
    }

    pub fn keys(self) -> &'static [(&'static str, Kind)] {
        match self {
            Variant::Alice => alice::KEYS,
            Variant::Minotaur => minotaur::KEYS,
            Variant::Numbers => numbers::KEYS,
            Variant::Plank | Variant::HexPlank => plank::KEYS,
            Variant::TiltSingle => tilt::SINGLE_KEYS,
            Variant::TiltMulti => tilt::MULTI_KEYS,
            Variant::TiltRedBlue => tilt::RB_KEYS,
        }
    }

    /// The variant whose keys the text has. Square and hexagonal planks share their keys:
    /// a plank along the SE diagonal means hexagons, anything else squares.
    pub fn detect(text: &str) -> Option<Variant> {
        let found = input::keys_in(text);
        let variant =
            Variant::ALL.into_iter().find(|v| *v != Variant::HexPlank && input::has_keys(&found, v.keys()))?;
        if variant == Variant::Plank
            && plank::Plank::parse(text, false).is_err()
            && plank::Plank::parse(text, true).is_ok()
        {
            return Some(Variant::HexPlank);
        }
        Some(variant)
    }
}

/// LM-Solve's options (§3.7).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Options {
    pub method: Scan,
    pub rle: bool,
    pub output_states: bool,
    pub rtd: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options { method: Scan::Brfs, rle: true, output_states: false, rtd: false }
    }
}

fn run<G: Game>(game: &G, options: &Options, budget: &Budget, on_progress: &mut dyn FnMut(&Stats) -> Flow) -> Printed {
    let mut out = String::new();
    let mut rtd = |line: String| {
        out.push_str(&line);
        out.push('\n');
    };
    let found =
        scan(game, options.method, budget, options.rtd.then_some(&mut rtd as &mut dyn FnMut(String)), on_progress);
    out.push_str(&display_solution(game, &found, options.rle, options.output_states));
    let interrupted = match found.end {
        scan::End::GaveUp(reason) => Some(reason.to_string()),
        scan::End::Cancelled => Some("cancelled".to_string()),
        scan::End::Solved | scan::End::Unsolved => None,
    };
    Printed { out, interrupted }
}

/// What `lm-solve` prints, and when it printed `interrupted`, why: the budget that ran out (in
/// `solve`'s words, "gave up after ..."), or "cancelled". LM-Solve's output has no room for it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Printed {
    pub out: String,
    pub interrupted: Option<String>,
}

/// Solves a board as `lm-solve -g VARIANT` would: its standard output, and why it was
/// interrupted when it was.
pub fn lm_solve(
    text: &str,
    variant: Variant,
    options: &Options,
    budget: &Budget,
    on_progress: &mut dyn FnMut(&Stats) -> Flow,
) -> Result<Printed, FormatError> {
    Ok(match variant {
        Variant::Alice => run(&alice::Alice::parse(text)?, options, budget, on_progress),
        Variant::Minotaur => run(&minotaur::Minotaur::parse(text)?, options, budget, on_progress),
        Variant::Numbers => run(&numbers::Numbers::parse(text)?, options, budget, on_progress),
        Variant::Plank => run(&plank::Plank::parse(text, false)?, options, budget, on_progress),
        Variant::HexPlank => run(&plank::Plank::parse(text, true)?, options, budget, on_progress),
        Variant::TiltSingle => run(&tilt::Tilt::single(text)?, options, budget, on_progress),
        Variant::TiltMulti => run(&tilt::Tilt::multi(text)?, options, budget, on_progress),
        Variant::TiltRedBlue => run(&tilt::Tilt::red_blue(text)?, options, budget, on_progress),
    })
}

#[cfg(test)]
mod tests;
