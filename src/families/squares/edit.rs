//! Draw mode for Game About Squares: place squares (a click on one turns it), goals and arrows on
//! the cells around the level; every edit returns the new level text.

use super::draw::{layout, view};
use super::format::{Arrow, Goal, Level, Square};
use super::SquaresPuzzle;
use crate::families::Editor;

/// Names offered for new colours, the game's first.
const NEW_COLOURS: &[&str] = &["Red", "Blue", "Black", "Orange", "Green", "Purple", "Yellow", "Grey", "Pink", "Brown"];

impl SquaresPuzzle {
    fn colours(&self) -> Vec<String> {
        let mut colours: Vec<String> = Vec::new();
        for name in self.level.squares.iter().map(|s| &s.colour).chain(self.level.goals.iter().map(|g| &g.colour)) {
            if !colours.contains(name) {
                colours.push(name.clone());
            }
        }
        colours
    }

    /// The world cell under (row, col) of the editing grid (the view at the start).
    fn world(&self, row: usize, col: usize) -> (i32, i32) {
        let area = view(self, &[]);
        (area.min_x + col as i32, area.min_y + row as i32)
    }

    fn edit(&self, tool: &str, row: usize, col: usize, toggle: bool) -> Option<String> {
        let (x, y) = self.world(row, col);
        let mut level: Level = self.level.clone();
        let square = level.squares.iter().position(|s| s.x == x && s.y == y);
        let goal = level.goals.iter().position(|g| g.x == x && g.y == y);
        let arrow = level.arrows.iter().position(|a| a.x == x && a.y == y);
        match tool.split_once(':') {
            None if tool == "erase" => {
                level.squares.retain(|s| (s.x, s.y) != (x, y));
                level.goals.retain(|g| (g.x, g.y) != (x, y));
                level.arrows.retain(|a| (a.x, a.y) != (x, y));
            }
            None if tool == "arrow" && toggle => match (arrow, goal) {
                // Each click turns the arrow a quarter; after pointing left it goes away.
                (Some(i), _) if level.arrows[i].direction == 3 => {
                    level.arrows.remove(i);
                }
                (Some(i), _) => level.arrows[i].direction += 1,
                (None, Some(g)) => {
                    level.goals.remove(g);
                    level.arrows.push(Arrow { x, y, direction: 0 });
                }
                (None, None) => level.arrows.push(Arrow { x, y, direction: 0 }),
            },
            Some(("square", name)) if toggle => {
                let colour = if name == "new" {
                    let used = self.colours();
                    (*NEW_COLOURS.iter().find(|c| !used.iter().any(|u| u == *c))?).to_string()
                } else {
                    name.to_string()
                };
                match square {
                    // Clicking a square of this colour turns it clockwise.
                    Some(i) if level.squares[i].colour == colour => {
                        let s = &mut level.squares[i];
                        s.direction = (s.direction + 1) % 4;
                        s.implicit = false;
                    }
                    Some(i) => level.squares[i].colour = colour,
                    None => level.squares.push(Square { colour, x, y, direction: 2, implicit: false }),
                }
            }
            Some(("goal", colour)) => match goal {
                Some(g) if level.goals[g].colour == colour && toggle => {
                    level.goals.remove(g);
                }
                Some(g) => level.goals[g].colour = colour.to_string(),
                None => {
                    level.arrows.retain(|a| (a.x, a.y) != (x, y));
                    level.goals.push(Goal { colour: colour.to_string(), x, y });
                }
            },
            _ => return None,
        }
        (level != self.level).then(|| level.to_text())
    }
}

impl Editor for SquaresPuzzle {
    fn tools(&self) -> Vec<(String, String)> {
        let mut tools = vec![
            ("square:new".to_string(), "New colour".to_string()),
            ("arrow".to_string(), "Arrow".to_string()),
            ("erase".to_string(), "Erase".to_string()),
        ];
        for colour in self.colours() {
            tools.push((format!("square:{colour}"), format!("{colour} square")));
            tools.push((format!("goal:{colour}"), format!("{colour} goal")));
        }
        tools
    }

    fn apply(&self, tool: &str, row: usize, col: usize) -> Option<String> {
        self.edit(tool, row, col, true)
    }

    fn paint(&self, tool: &str, row: usize, col: usize) -> Option<String> {
        self.edit(tool, row, col, false)
    }

    /// The plane is unbounded: the grid grows with the level by itself.
    fn resize(&self, _cols: usize, _rows: usize) -> Option<String> {
        None
    }

    fn size(&self) -> (usize, usize) {
        let area = view(self, &[]);
        ((area.max_x - area.min_x + 1) as usize, (area.max_y - area.min_y + 1) as usize)
    }

    fn cell_at(&self, x: f64, y: f64, width: f64, height: f64) -> Option<(usize, usize)> {
        layout(&view(self, &[]), width, height).cell_at(x, y)
    }
}
