// puzzlelab script js
// Peg solitaire on the 15-hole triangle, the top hole empty: jump a peg over a neighbour into
// an empty hole (the jumped peg is removed) until one peg is left. Shortest: 13 jumps.

const hole = (row, col) => (row * (row + 1)) / 2 + col;

// Every jump on the board: [from, over, to].
const JUMPS = [];
for (let row = 0; row < 5; row++) {
  for (let col = 0; col <= row; col++) {
    for (const [dr, dc] of [[0, 1], [0, -1], [1, 0], [-1, 0], [1, 1], [-1, -1]]) {
      const toRow = row + 2 * dr, toCol = col + 2 * dc;
      if (toRow >= 0 && toRow < 5 && toCol >= 0 && toCol <= toRow) {
        JUMPS.push([hole(row, col), hole(row + dr, col + dc), hole(toRow, toCol)]);
      }
    }
  }
}

function start() {
  const board = new Array(15).fill(1);
  board[0] = 0;
  return board;
}

function moves(board) {
  return JUMPS.filter(([from, over, to]) => board[from] === 1 && board[over] === 1 && board[to] === 0);
}

function apply(board, [from, over, to]) {
  const next = board.slice();
  next[from] = 0;
  next[over] = 0;
  next[to] = 1;
  return next;
}

function is_goal(board) { return board.reduce((pegs, peg) => pegs + peg, 0) === 1; }

function label([from, over, to]) { return `${from + 1} over ${over + 1} to ${to + 1}`; }

function draw(board) {
  const shapes = [];
  for (let row = 0; row < 5; row++) {
    for (let col = 0; col <= row; col++) {
      shapes.push({ x: 4 - row + 2 * col, y: row * 2, w: 2, h: 2, shape: "circle",
                    colour: board[hole(row, col)] === 1 ? "#c0392b" : "#e0d9c8", label: `${hole(row, col) + 1}` });
    }
  }
  return shapes;
}
