//! The command LM-Solve's family adds to the command line, `puzzlelab lm-solve`: LM-Solve's own
//! `lm-solve`, its flags as it takes them and its output byte for byte. The command line reads
//! the file and prints; what the flags mean is said here.

use super::{scan::Scan, Options, Variant};

/// `lm-solve`'s flags, as LM-Solve 0.14 takes them.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The game variant: alice, minotaur, numbers, plank, hex_plank, tilt_single, tilt_multi,
    /// tilt_rb (or tilt_puzzle).
    #[arg(short = 'g', long = "game", default_value = "minotaur")]
    pub game: String,
    /// The scan: brfs (breadth-first, shortest) or dfs.
    #[arg(long, default_value = "brfs")]
    pub method: String,
    /// Group equal consecutive moves as `MOVE * COUNT` (the default).
    #[arg(long, overrides_with = "norle")]
    pub rle: bool,
    /// One move per line, without counts.
    #[arg(long, alias = "no-rle", overrides_with = "rle")]
    pub norle: bool,
    /// Print the state before each move, and the final state.
    #[arg(long, overrides_with = "nooutput_states")]
    pub output_states: bool,
    #[arg(long, overrides_with = "output_states", hide = true)]
    pub nooutput_states: bool,
    /// Print every state as it is taken off the queue.
    #[arg(long, overrides_with = "nortd")]
    pub rtd: bool,
    #[arg(long, overrides_with = "rtd", hide = true)]
    pub nortd: bool,
    /// Give up after storing this many states (the output says `interrupted`; stderr why).
    #[arg(long)]
    pub max_states: Option<u64>,
    /// Give up after this many seconds (likewise).
    #[arg(long)]
    pub timeout: Option<f64>,
    /// The board file (default: board.txt), or - for standard input.
    pub file: Option<String>,
}

impl Args {
    /// The variant and the options the flags ask for, or what is wrong with them.
    pub fn read(&self) -> Result<(Variant, Options), String> {
        let variant = Variant::named(&self.game).ok_or_else(|| {
            format!(
                "unknown game variant \"{}\"; use alice, minotaur, numbers, plank, hex_plank, tilt_single, tilt_multi or tilt_rb",
                self.game
            )
        })?;
        let method = match self.method.as_str() {
            "brfs" => Scan::Brfs,
            "dfs" => Scan::Dfs,
            other => return Err(format!("unknown scan \"{other}\"; use brfs or dfs")),
        };
        Ok((variant, Options { method, rle: !self.norle, output_states: self.output_states, rtd: self.rtd }))
    }

    /// The board file named (LM-Solve's default: `board.txt`).
    pub fn file(&self) -> String {
        self.file.clone().unwrap_or_else(|| "board.txt".to_string())
    }
}
