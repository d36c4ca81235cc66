// puzzlelab script js
// Jumping Cards (LM-Solve's worked example): the cards 1..8 must end up as 8..1. A move swaps
// any two cards, allowed only if afterwards every two neighbours differ by at most 3.
// Shortest: 14 swaps.

const SWAPS = [];
for (let i = 0; i < 8; i++) for (let j = i + 1; j < 8; j++) SWAPS.push([i, j]);

function start() { return [1, 2, 3, 4, 5, 6, 7, 8]; }

function moves(cards) { return SWAPS; }

function apply(cards, [i, j]) {
  const next = cards.slice();
  [next[i], next[j]] = [next[j], next[i]];
  for (let k = 0; k < 7; k++) {
    if (Math.abs(next[k] - next[k + 1]) > 3) return null;
  }
  return next;
}

function is_goal(cards) { return cards.join() === "8,7,6,5,4,3,2,1"; }

function label([i, j]) { return `swap places ${i + 1} and ${j + 1}`; }

function show(cards) { return cards.join(" ") + " "; }

function draw(cards) {
  return cards.map((card, k) => ({ x: k, y: 0, colour: "#f0e6cc", label: `${card}` }));
}
