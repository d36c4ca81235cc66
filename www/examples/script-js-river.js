// puzzlelab script js
// A farmer must take a wolf, a goat and a cabbage across a river. The boat holds the farmer
// and one more. Left alone, the wolf eats the goat and the goat eats the cabbage.
// Shortest: 7 crossings.

function start() { return { farmer: 0, wolf: 0, goat: 0, cabbage: 0 }; }

function moves(bank) {
  return ["farmer", ...["wolf", "goat", "cabbage"].filter((item) => bank[item] === bank.farmer)];
}

function apply(bank, who) {
  const next = { ...bank, farmer: 1 - bank.farmer };
  if (who !== "farmer") next[who] = 1 - bank[who];
  if (next.goat !== next.farmer && (next.goat === next.wolf || next.goat === next.cabbage)) return null;
  return next;
}

function is_goal(bank) { return bank.farmer === 1 && bank.wolf === 1 && bank.goat === 1 && bank.cabbage === 1; }

function label(who) { return who === "farmer" ? "the farmer crosses alone" : `the farmer takes the ${who}`; }

function draw(bank) {
  const shapes = [{ x: 2, y: 0, h: 4, colour: "#9cc7e8", label: "" }];
  ["farmer", "wolf", "goat", "cabbage"].forEach((who, row) => {
    shapes.push({ x: bank[who] === 0 ? 0 : 4, y: row, w: 1, colour: "#f0e6cc", label: who[0] });
  });
  return shapes;
}
