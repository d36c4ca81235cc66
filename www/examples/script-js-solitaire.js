// puzzlelab script js
// Peg solitaire on the English board of 33 holes: every hole holds a peg but the centre. Jump
// a peg over a neighbour into an empty hole, which removes the jumped peg, until one peg is
// left, in the centre. Every jump removes one peg, so every solution takes 31 jumps.
//
// A state is a string of 33 characters, "o" a peg and "." an empty hole, row by row.

const SHAPE = [
  "  ooo  ",
  "  ooo  ",
  "ooooooo",
  "ooooooo",
  "ooooooo",
  "  ooo  ",
  "  ooo  ",
];
// The number of each hole, by row and column (-1 where the board has none).
const HOLE = SHAPE.map((line) => [...line].map(() => -1));
const PLACE = [];
SHAPE.forEach((line, row) => [...line].forEach((c, col) => {
  if (c === "o") { HOLE[row][col] = PLACE.length; PLACE.push([row, col]); }
}));
const at = (row, col) => (row >= 0 && row < 7 && col >= 0 && col < 7 ? HOLE[row][col] : -1);
const CENTRE = at(3, 3);

// Every jump on the board: [from, over, to].
const JUMPS = [];
PLACE.forEach(([row, col], from) => {
  for (const [dr, dc] of [[0, 1], [0, -1], [1, 0], [-1, 0]]) {
    const over = at(row + dr, col + dc), to = at(row + 2 * dr, col + 2 * dc);
    if (over >= 0 && to >= 0) JUMPS.push([from, over, to]);
  }
});

function start() {
  return PLACE.map((_, hole) => (hole === CENTRE ? "." : "o")).join("");
}

function moves(board) {
  const list = [];
  for (const jump of JUMPS) {
    if (board[jump[0]] === "o" && board[jump[1]] === "o" && board[jump[2]] === ".") list.push(jump);
  }
  return list;
}

function apply(board, [from, over, to]) {
  const next = board.split("");
  next[from] = ".";
  next[over] = ".";
  next[to] = "o";
  return next.join("");
}

function pegs(board) {
  let count = 0;
  for (let i = 0; i < board.length; i++) if (board[i] === "o") count++;
  return count;
}

function is_goal(board) { return pegs(board) === 1 && board[CENTRE] === "o"; }

// Each jump removes one peg: the jumps left are the pegs but one, exactly.
function heuristic(board) { return pegs(board) - 1; }

const NAME = (hole) => "abcdefg"[PLACE[hole][1]] + (7 - PLACE[hole][0]);
function label([from, over, to]) { return `${NAME(from)}-${NAME(to)}`; }

function draw(board) {
  return PLACE.map(([row, col], hole) => ({
    x: col, y: row, shape: "circle", label: "",
    colour: board[hole] === "o" ? "#c0392b" : "#e0d9c8",
  }));
}
