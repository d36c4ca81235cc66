// puzzlelab script js
// Tower of Hanoi: move the tower from the first peg to the third, one disc at a time, never a
// bigger disc on a smaller one. Shortest: 2^n - 1 moves (15 for 4 discs).

const DISCS = 4;

function start() {
  const first = [];
  for (let d = 0; d < DISCS; d++) first.push(DISCS - d);
  return [first, [], []];
}

function moves(pegs) { return [[0, 1], [0, 2], [1, 0], [1, 2], [2, 0], [2, 1]]; }

function apply(pegs, [from, to]) {
  if (pegs[from].length === 0) return null;
  const disc = pegs[from].at(-1);
  if (pegs[to].length > 0 && pegs[to].at(-1) < disc) return null;
  const next = pegs.map((peg) => peg.slice());
  next[from].pop();
  next[to].push(disc);
  return next;
}

function is_goal(pegs) { return pegs[2].length === DISCS; }

// Every disc not yet on the last peg must move at least once.
function heuristic(pegs) { return DISCS - pegs[2].length; }

function label([from, to]) { return `peg ${from + 1} to peg ${to + 1}`; }

function draw(pegs) {
  const shapes = [];
  pegs.forEach((peg, p) => {
    const middle = p * (DISCS * 2 + 1) + DISCS;
    shapes.push({ x: middle, y: 0, w: 0.2, h: DISCS + 1, colour: "#8b6b4a", label: "" });
    peg.forEach((disc, height) => {
      shapes.push({ x: middle - disc + 0.1, y: DISCS - height, w: disc * 2, h: 1, colour: "#d9823b", label: "" });
    });
  });
  return shapes;
}
