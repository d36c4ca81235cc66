// puzzlelab script js
// Water jugs: with a 3-litre and a 5-litre jug and a tap, measure exactly 4 litres.
// Shortest: 6 pours.

function start() { return [0, 0]; }

function moves(jugs) {
  return ["fill 3", "fill 5", "empty 3", "empty 5", "pour 3 into 5", "pour 5 into 3"];
}

function apply([small, big], action) {
  const before = [small, big];
  switch (action) {
    case "fill 3": small = 3; break;
    case "fill 5": big = 5; break;
    case "empty 3": small = 0; break;
    case "empty 5": big = 0; break;
    case "pour 3 into 5": { const amount = Math.min(small, 5 - big); small -= amount; big += amount; break; }
    case "pour 5 into 3": { const amount = Math.min(big, 3 - small); big -= amount; small += amount; break; }
  }
  // A move that changes nothing is no move.
  return small === before[0] && big === before[1] ? null : [small, big];
}

function is_goal([small, big]) { return small === 4 || big === 4; }

function show([small, big]) { return `3-litre jug: ${small}, 5-litre jug: ${big}`; }

function draw([small, big]) {
  const shapes = [];
  for (let level = 0; level < 3; level++) {
    shapes.push({ x: 0, y: 4 - level, colour: level < small ? "#4a90d9" : "#e8e3d8", label: "" });
  }
  for (let level = 0; level < 5; level++) {
    shapes.push({ x: 2, y: 4 - level, colour: level < big ? "#4a90d9" : "#e8e3d8", label: "" });
  }
  return shapes;
}
