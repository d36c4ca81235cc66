//! Structure-aware inputs (`arbitrary`): random bytes rarely make a board whose pieces fit and
//! whose goal names one of them, so these targets build puzzles that read, from the fuzzer's
//! bytes, and send their text through the same checks as `solve` (read, solve under a small
//! budget, replay, agree with BFS). A failing input's panic message shows the text: save that
//! text as `tests/fixtures/fuzz/solve-NAME.txt` and it becomes a regular test.

#![allow(dead_code)] // each target uses one of these

use libfuzzer_sys::arbitrary::{self, Arbitrary};
use std::cell::RefCell;

thread_local! {
    static CHECKED: RefCell<String> = const { RefCell::new(String::new()) };
}

/// Runs the `solve` checks on a generated text; if one fails, the text is printed first.
pub fn check(text: &str) {
    static HOOK: std::sync::Once = std::sync::Once::new();
    HOOK.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            CHECKED.with(|text| eprintln!("the generated puzzle:\n{}", text.borrow()));
            previous(info);
        }));
    });
    CHECKED.with(|checked| checked.replace(text.to_string()));
    crate::checks::solve(text.as_bytes());
}

/// A sliding-block board of 2..5 x 2..5 cells: up to six rectangular pieces of 1x1..2x2, a few
/// walls, piece a's goal place, a metric, and sometimes Rush Hour's `axis: yes`.
#[derive(Arbitrary, Debug)]
pub struct Sliding {
    width: u8,
    height: u8,
    pieces: Vec<(u8, u8, u8, u8)>,
    walls: Vec<(u8, u8)>,
    goal: (u8, u8),
    metric: u8,
    axis: bool,
}

impl Sliding {
    pub fn text(&self) -> Option<String> {
        let (w, h) = (2 + usize::from(self.width % 4), 2 + usize::from(self.height % 4));
        let mut board = vec![vec![' '; w]; h];
        let mut shapes = Vec::new();
        for &(x, y, size, _) in self.pieces.iter().take(6) {
            let (x, y) = (usize::from(x) % w, usize::from(y) % h);
            let (pw, ph) = (1 + usize::from(size & 1), 1 + usize::from(size >> 1 & 1));
            let fits = x + pw <= w && y + ph <= h && (y..y + ph).all(|r| (x..x + pw).all(|c| board[r][c] == ' '));
            if fits {
                let letter = (b'a' + shapes.len() as u8) as char;
                (y..y + ph).for_each(|r| (x..x + pw).for_each(|c| board[r][c] = letter));
                shapes.push((pw, ph));
            }
        }
        for &(x, y) in self.walls.iter().take(3) {
            let cell = &mut board[usize::from(y) % h][usize::from(x) % w];
            if *cell == ' ' {
                *cell = '#';
            }
        }
        let &(pw, ph) = shapes.first()?;
        // Piece a's cells at the goal place, in the board flattened as the format says: w dashes,
        // the rows joined by dashes, w dashes; cell (x, y) is at w + y (w + 1) + x.
        let (gx, gy) = (usize::from(self.goal.0) % (w + 1 - pw), usize::from(self.goal.1) % (h + 1 - ph));
        let mut goal = format!("^.{{{}}}", w + gy * (w + 1) + gx);
        for row in 0..ph {
            goal.push_str(&"a".repeat(pw));
            if row + 1 < ph {
                goal.push_str(&format!(".{{{}}}", w + 1 - pw));
            }
        }
        let metric = ["unit", "slide", "piece"][usize::from(self.metric % 3)];
        let axis = if self.axis { "axis: yes\n" } else { "" };
        let rows: Vec<String> = board.iter().map(|r| r.iter().collect()).collect();
        Some(format!("metric: {metric}\n{axis}{}\n{goal}\n", rows.join("\n")))
    }
}

/// A Game About Squares level within 6 x 6 cells: up to four squares of three colours, a goal
/// for each, and up to three arrows.
#[derive(Arbitrary, Debug)]
pub struct Squares {
    squares: Vec<(u8, u8, u8, u8)>,
    goals: Vec<(u8, u8)>,
    arrows: Vec<(u8, u8, u8)>,
}

impl Squares {
    pub fn text(&self) -> Option<String> {
        const COLOURS: [&str; 3] = ["Red", "Blue", "Green"];
        const DIRECTIONS: [&str; 4] = ["^", "v", "<", ">"];
        let mut lines = Vec::new();
        let squares: Vec<_> = self.squares.iter().take(4).collect();
        if squares.is_empty() {
            return None;
        }
        for (i, &&(colour, x, y, direction)) in squares.iter().enumerate() {
            let colour = COLOURS[usize::from(colour % 3)];
            lines.push(format!("{colour}:{},{} {}", x % 6, y % 6, DIRECTIONS[usize::from(direction % 4)]));
            let (gx, gy) = self.goals.get(i).copied().unwrap_or((x / 6, y / 6));
            lines.push(format!("{colour}:{},{}", gx % 6, gy % 6));
        }
        for &(x, y, direction) in self.arrows.iter().take(3) {
            lines.push(format!("{}:{},{}", DIRECTIONS[usize::from(direction % 4)], x % 6, y % 6));
        }
        Some(lines.join("\n") + "\n")
    }
}

/// A Rush Hour board in Fogleman's one-line notation: the red car on the exit row, up to ten
/// cars and trucks, a few walls.
#[derive(Arbitrary, Debug)]
pub struct RushHour {
    red: u8,
    vehicles: Vec<(u8, u8, bool, bool)>,
    walls: Vec<u8>,
}

impl RushHour {
    pub fn text(&self) -> String {
        let mut cells = ['o'; 36];
        let red = usize::from(self.red % 5);
        cells[12 + red] = 'A';
        cells[13 + red] = 'A';
        let mut letter = b'B';
        for &(x, y, truck, down) in self.vehicles.iter().take(10) {
            let (x, y, len) = (usize::from(x % 6), usize::from(y % 6), if truck { 3 } else { 2 });
            let run: Vec<usize> = if down {
                (y..y + len).map(|r| r * 6 + x).collect()
            } else {
                (x..x + len).map(|c| y * 6 + c).collect()
            };
            let fits = if down { y + len <= 6 } else { x + len <= 6 };
            if fits && run.iter().all(|&i| cells[i] == 'o') {
                run.iter().for_each(|&i| cells[i] = letter as char);
                letter += 1;
            }
        }
        for &cell in self.walls.iter().take(2) {
            let i = usize::from(cell % 36);
            if cells[i] == 'o' {
                cells[i] = 'x';
            }
        }
        cells.iter().collect::<String>() + "\n"
    }
}
