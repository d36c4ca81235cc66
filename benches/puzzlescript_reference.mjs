// A plain breadth-first search over PuzzleScript's reference engine (increpare/PuzzleScript,
// fetched outside the project), to check our shortest answers and time the two side by side:
//   PUZZLESCRIPT_SRC=/path/to/PuzzleScript/src node benches/puzzlescript_reference.mjs GAME.txt LEVEL
// LEVEL counts the game's levels that are not messages, from 1. One move is an input with the
// again turns it starts; a won position ends the search. Prints one line of JSON.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';

const src = process.env.PUZZLESCRIPT_SRC;
const [file, levelArg, limitArg] = process.argv.slice(2);
if (!src || !file) {
  console.error('usage: PUZZLESCRIPT_SRC=.../PuzzleScript/src node benches/puzzlescript_reference.mjs GAME.txt [LEVEL] [MAX_STATES]');
  process.exit(2);
}

// What the engine reaches for in a browser, as nothing.
const none = () => {};
const element = () => ({ style: {}, classList: { contains: () => false, add: none, remove: none }, addEventListener: none, getContext: () => null });
Object.assign(globalThis, {
  window: globalThis,
  localStorage: { getItem: () => null, setItem: none, removeItem: none },
  document: { URL: 'bfs://', body: element(), createElement: element, getElementById: () => null, addEventListener: none },
  canvas: null, lastDownTarget: null, input: element(),
  canvasResize: none, redraw: none, forceRegenImages: none, consolePrint: none, consolePrintFromRule: none,
  consoleError: none, consoleCacheDump: none, addToDebugTimeline: none, killAudioButton: none,
  showAudioButton: none, regenSpriteImages: none, jumpToLine: none, printLevel: none, playSound: none,
  UnitTestingThrow: (e) => { throw e; },
});
const files = ['storagewrapper', 'bitvec', 'level', 'languageConstants', 'globalVariables', 'debug', 'font', 'rng',
  'riffwave', 'sfxr', 'codemirror/stringstream', 'colorhelpers', 'colors', 'engine', 'parser', 'compiler', 'soundbar'];
const code = files.map((f) => readFileSync(path.join(src, 'js', `${f}.js`), 'utf8')).join('\n')
  + `\n;(${search.toString()})(${JSON.stringify(readFileSync(file, 'utf8'))}, ${Number(levelArg || 1)}, ${Number(limitArg || 5e6)});`;
vm.runInThisContext(code);

function search(text, wanted, limit) {
  unitTesting = true;
  lazyFunctionGeneration = false;
  const say = console.log;
  console.log = () => {};
  compile(['restart'], text);
  const boards = state.levels.map((l, i) => (l.message === undefined ? i : -1)).filter((i) => i >= 0);
  let won = false;
  nextLevel = () => { won = true; };
  compile(['loadLevel', boards[wanted - 1]], text);
  while (againing) { againing = false; processInput(-1); }
  const inputs = 'noaction' in state.metadata ? [0, 2, 1, 3] : [0, 2, 1, 3, 4];
  const names = ['up', 'left', 'down', 'right', 'action'];
  const key = (a) => a.join(',');
  const seen = new Map([[key(level.objects), null]]);
  let frontier = [new Int32Array(level.objects)];
  const started = Date.now();
  let found = null;
  outer: while (frontier.length && seen.size <= limit) {
    const next = [];
    for (const from of frontier) {
      for (const input of inputs) {
        level.objects = new Int32Array(from);
        RebuildLevelArrays();
        won = false;
        processInput(input);
        for (let turns = 0; againing && !won && turns < 200; turns++) { againing = false; processInput(-1); }
        const k = key(level.objects);
        if (won) { found = [key(from), input]; break outer; }
        if (!seen.has(k)) { seen.set(k, [key(from), input]); next.push(new Int32Array(level.objects)); }
      }
    }
    frontier = next;
  }
  const ms = Date.now() - started;
  const moves = [];
  if (found) {
    moves.push(names[found[1]]);
    for (let k = found[0]; seen.get(k); k = seen.get(k)[0]) moves.push(names[seen.get(k)[1]]);
    moves.reverse();
  }
  say(JSON.stringify({ solved: !!found, length: found ? moves.length : null, positions: seen.size, ms, per_second: Math.round(seen.size / (ms / 1000)), moves }));
}
