// The host of a puzzle script written in JavaScript: what puzzlelab's searches call. Every
// engine that runs scripts evaluates this one expression (QuickJS in the command-line tool, the
// browser's own engine in the page) and calls it with the rules: the object the user's script,
// wrapped in a function, returns. For an engine that keeps states (QuickJS's), the states a
// search has numbered are kept here, by number, so that a search hands the script its own
// values back without reading them from their bytes; the page's engine keeps none (but an
// expansion's, until their flags are asked).
// The intrinsics it names are bound as parameters once: where the realm is locked down (the
// page's Workers), naming them as globals in the hottest functions cost more than half the time.
((Array, Object, String, Math, JSON, Number, Map, Uint8Array, DataView, TextEncoder, TextDecoder) => function (rules) {
  "use strict";
  const values = [];
  // The function of the user's running when something failed, for the error's message.
  let doing = "";

  function failed(error) {
    return { puzzlelabFailedIn: doing, error: error };
  }

  function described(value) {
    if (value === null) return "null";
    if (Array.isArray(value)) return "an array";
    const type = typeof value;
    if (type === "object") return "an object";
    if (type === "string") return "a string (" + JSON.stringify(value.slice(0, 40)) + ")";
    return type === "undefined" ? "undefined (is a return missing?)" : "a " + type + " (" + String(value) + ")";
  }

  function wrong(name, wanted, value) {
    return new TypeError(name + "() must return " + wanted + ", but it returned " + described(value));
  }

  function truth(name, value) {
    if (value === true || value === false) return value;
    throw wrong(name, "true or false", value);
  }

  // What the search needs to know of a state it has found: 1 if solved, 2 if dead.
  function flags(state) {
    doing = "is_goal";
    let flag = truth("is_goal", rules.is_goal(state)) ? 1 : 0;
    if (rules.is_dead) {
      doing = "is_dead";
      if (truth("is_dead", rules.is_dead(state))) flag |= 2;
    }
    return flag;
  }

  // ---- Canonical bytes (src/families/script/js/key.rs has the format), for engines that
  // write them here: the page's. They are written into `scratch`: the room the module gave in
  // its memory (`view`), or a larger array of this side's when that room is not enough.
  const MAX_VALUE_BYTES = 64 << 10;
  // The longest text show() or label() may return, and a shape's label.
  const MAX_TEXT = 64 << 10;
  const MAX_LABEL = 1000;
  let scratch = new Uint8Array(1 << 12);
  // The same bytes, written through: where the realm's prototypes are frozen (the page's
  // Workers lock it down), V8 stores to a typed array's index twenty times slower than before,
  // but not through a DataView.
  let out = new DataView(scratch.buffer);
  let length = 0;
  // The room `scratch` has (its length, read often: kept here).
  let limit = scratch.length;
  const float = new Float64Array(1);
  const floatBytes = new Uint8Array(float.buffer);
  // Made when first needed: QuickJS has none (and writes its bytes in Rust).
  let encoder = null;

  function room(n) {
    if (length + n <= limit) return;
    const bigger = new Uint8Array(Math.max(limit * 2, length + n));
    bigger.set(scratch.subarray(0, length));
    scratch = bigger;
    limit = bigger.length;
    out = new DataView(bigger.buffer);
  }

  function writeInt(n) {
    out.setUint8(length, 0xe0);
    out.setInt32(length + 1, n, true);
    length += 5;
  }

  function writeLength(at, n) {
    out.setUint32(at, n, true);
  }

  function writeString(text) {
    room(5 + text.length * 3);
    const start = length;
    out.setUint8(start, 0xe2);
    length += 5;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c >= 128) {
        encoder = encoder || new TextEncoder();
        length = start + 5 + encoder.encodeInto(text, scratch.subarray(start + 5)).written;
        break;
      }
      out.setUint8(length++, c);
    }
    writeLength(start + 1, length - start - 5);
  }

  // Why `value` is not JSON-like, thrown as text.
  function refused(value, depth) {
    if (typeof value === "number") return "the number " + value;
    if (value === undefined) return "undefined";
    if (typeof value !== "object") return "a " + typeof value;
    if (depth > 64) return "values nested more than 64 deep (is there a cycle?)";
    return "an object that is not plain (a Map, a Set, a Date or a class's instance)";
  }

  const OBJECT = Object.prototype;
  const prototypeOf = Object.getPrototypeOf;
  function plain(value) {
    // The `__proto__` every plain object inherits is read ten times faster than
    // getPrototypeOf (where the realm is locked down); an object without it, or with a field of
    // that name, is asked the slow way. (Only an object made to pretend passes the first test
    // wrongly, and it then writes as the plain object its fields make.)
    if (value.__proto__ === OBJECT) return true;
    const prototype = prototypeOf(value);
    return prototype === OBJECT || prototype === null;
  }

  function write(value, depth) {
    switch (typeof value) {
      case "number":
        room(9);
        if ((value | 0) === value) {
          if (value >= 0 && value < 0xe0) out.setUint8(length++, value);
          else writeInt(value);
        } else if (value - value === 0) {
          out.setUint8(length, 0xe1);
          out.setFloat64(length + 1, value, true);
          length += 9;
        } else {
          throw refused(value, depth);
        }
        return;
      case "string":
        writeString(value);
        return;
      case "boolean":
        room(1);
        out.setUint8(length++, value ? 0xe3 : 0xe4);
        return;
      case "object":
        room(1);
        if (value === null) {
          out.setUint8(length++, 0xe5);
          return;
        }
        if (depth > 64) throw refused(value, depth);
        if (Array.isArray(value)) {
          // Small numbers, the most common items, written here: one byte each.
          room(value.length + 2);
          out.setUint8(length++, 0xe6);
          for (let i = 0; i < value.length; i++) {
            const item = value[i];
            if (typeof item === "number" && (item | 0) === item && item >= 0 && item < 0xe0) {
              out.setUint8(length++, item);
            } else {
              write(item, depth + 1);
              room(value.length - i + 1);
            }
          }
        } else {
          if (!plain(value)) throw refused(value, depth);
          out.setUint8(length++, 0xe8);
          // Fields in the order they were made, while that is their sorted order (as it most
          // often is): no array of their names is made. (A plain object's prototype, frozen
          // where the realm is locked down, has no fields `for in` would find.)
          const fields = length;
          let last = "";
          let sorted = true;
          for (const key in value) {
            if (last !== "" && !(last < key)) {
              sorted = false;
              break;
            }
            writeString(key);
            write(value[key], depth + 1);
            last = key;
          }
          if (!sorted) {
            length = fields;
            const keys = Object.keys(value).sort();
            for (let i = 0; i < keys.length; i++) {
              writeString(keys[i]);
              write(value[keys[i]], depth + 1);
            }
          }
        }
        room(1);
        out.setUint8(length++, 0xe9);
        return;
      default:
        throw refused(value, depth);
    }
  }

  // Where in `value` the first part that is not JSON-like is ("[1].f"; "" for the value
  // itself), or undefined if there is none: worked out only once a value has been refused.
  function where(value, depth) {
    if (typeof value === "number") return value - value === 0 ? undefined : "";
    if (typeof value === "string" || typeof value === "boolean" || value === null) return undefined;
    if (typeof value !== "object" || depth > 64) return "";
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        const inside = where(value[i], depth + 1);
        if (inside !== undefined) return "[" + i + "]" + inside;
      }
      return undefined;
    }
    if (!plain(value)) return "";
    for (const key of Object.keys(value).sort()) {
      const inside = where(value[key], depth + 1);
      if (inside !== undefined) return "." + key + inside;
    }
    return undefined;
  }

  // Writes `value`, which `name` returned as `what` ("a state"), after its length (4 bytes).
  function writeKey(value, name, what) {
    room(4);
    const at = length;
    length += 4;
    try {
      write(value, 0);
    } catch (said) {
      if (typeof said !== "string") throw said;
      throw { puzzlelabUnlike: said, path: where(value, 0) || "", puzzlelabFailedIn: name, what: what };
    }
    if (length - at - 4 > MAX_VALUE_BYTES) {
      throw { puzzlelabUnlike: "more than " + (MAX_VALUE_BYTES >> 10) + " KB", path: "", puzzlelabFailedIn: name, what: what };
    }
    writeLength(at, length - at - 4);
  }

  let memory = null;
  let memoryBytes = new Uint8Array(0);
  // Where in the module's memory to write, how many bytes fit there, and those bytes.
  let place = 0;
  let capacity = 0;
  let view = new Uint8Array(0);
  let viewOut = new DataView(new ArrayBuffer(0));

  // The module's memory as bytes. When the memory grows, its old buffer is detached and the
  // views of it are empty: only then are new ones made (reading `memory.buffer` each call
  // was a twentieth of the page's time).
  function fresh() {
    if (view.length === capacity && capacity !== 0) return;
    memoryBytes = new Uint8Array(memory.buffer);
    view = memoryBytes.subarray(place, place + capacity);
    viewOut = new DataView(view.buffer, view.byteOffset, view.byteLength);
  }

  // What follows is written straight into the module's memory.
  // (`fresh` has been called since the memory last could grow.)
  function writeHere() {
    scratch = view;
    out = viewOut;
    limit = capacity;
    length = 0;
  }

  // What was written is in the module's memory: returns its length. If it did not fit, it is
  // copied there once it does; until then returns minus the bytes needed (the module makes
  // room and asks again).
  function copy() {
    if (scratch === view) return length;
    if (length > capacity) return -length;
    fresh();
    memoryBytes.set(scratch.subarray(0, length), place);
    return length;
  }

  // Calls `each(move, next)` for each move allowed from `state`.
  function visit(state, each) {
    try {
      doing = "moves";
      const moves = rules.moves(state);
      if (!Array.isArray(moves)) throw wrong("moves", "an array of moves", moves);
      for (let i = 0; i < moves.length; i++) {
        doing = "apply";
        const next = rules.apply(state, moves[i]);
        if (next === null || next === undefined) continue;
        each(moves[i], next, i);
      }
    } catch (error) {
      if (error && error.puzzlelabUnlike) throw error;
      throw failed(error);
    }
  }

  // ---- Reading canonical bytes back into values, for engines that hand a state over as its
  // bytes rather than have it kept here (the page's: the browser's collector then never walks
  // a search's states, and this side holds none of them).
  let reading = new Uint8Array(0);
  let read = 0;
  let decoder = null;
  // Fields' names read before, by their length and first byte: a name read again is the same
  // string, not new text (and an object's field named by it is stored as fast as a literal's).
  const NAMES = 256;
  const names = [];
  for (let i = 0; i < NAMES; i++) names.push("");

  function readInt() {
    const n = reading[read] | (reading[read + 1] << 8) | (reading[read + 2] << 16) | (reading[read + 3] << 24);
    read += 4;
    return n;
  }

  function readValue() {
    const tag = reading[read++];
    if (tag < 0xe0) return tag;
    switch (tag) {
      case 0xe0:
        return readInt();
      case 0xe1:
        for (let i = 0; i < 8; i++) floatBytes[i] = reading[read + i];
        read += 8;
        return float[0];
      case 0xe2: {
        const n = readInt() >>> 0;
        let text = "";
        for (let i = 0; i < n; i++) {
          const c = reading[read + i];
          if (c >= 128) {
            decoder = decoder || new TextDecoder();
            text = decoder.decode(reading.subarray(read, read + n));
            break;
          }
          text += String.fromCharCode(c);
        }
        read += n;
        return text;
      }
      case 0xe3:
        return true;
      case 0xe4:
        return false;
      case 0xe5:
        return null;
      case 0xe6: {
        // An array of small numbers only, the most common kind, made as a literal: where the
        // realm is locked down, growing an array by push() costs four times as much.
        let end = read;
        while (reading[end] < 0xe0) end++;
        if (reading[end] === 0xe9 && end - read <= 16) {
          const at = read;
          read = end + 1;
          return smallArray(at, end - at);
        }
        const array = [];
        for (let item = reading[read]; item !== 0xe9; item = reading[read]) {
          // Small numbers, the most common items, read here.
          if (item < 0xe0) {
            array.push(item);
            read++;
          } else {
            array.push(readValue());
          }
        }
        read++;
        return array;
      }
      case 0xe8: {
        const object = {};
        while (reading[read] !== 0xe9) {
          const key = readName();
          const value = readValue();
          // An own property even for "__proto__", as JSON.parse makes it.
          if (key === "__proto__") Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
          else object[key] = value;
        }
        read++;
        return object;
      }
      default:
        throw new Error("puzzlelab: unreadable state bytes (tag " + tag + ")");
    }
  }

  // The `n` small numbers from `at` of `reading` (1 to 16), as an array.
  function smallArray(at, n) {
    switch (n) {
      case 1: return [reading[at]];
      case 2: return [reading[at], reading[at + 1]];
      case 3: return [reading[at], reading[at + 1], reading[at + 2]];
      case 4: return [reading[at], reading[at + 1], reading[at + 2], reading[at + 3]];
      case 5: return [reading[at], reading[at + 1], reading[at + 2], reading[at + 3], reading[at + 4]];
      case 6: return [reading[at], reading[at + 1], reading[at + 2], reading[at + 3], reading[at + 4], reading[at + 5]];
      case 7: return [reading[at], reading[at + 1], reading[at + 2], reading[at + 3], reading[at + 4], reading[at + 5], reading[at + 6]];
      case 8: return [reading[at], reading[at + 1], reading[at + 2], reading[at + 3], reading[at + 4], reading[at + 5], reading[at + 6], reading[at + 7]];
      case 9: return [reading[at], reading[at + 1], reading[at + 2], reading[at + 3], reading[at + 4], reading[at + 5], reading[at + 6], reading[at + 7], reading[at + 8]];
      case 10: return [reading[at], reading[at + 1], reading[at + 2], reading[at + 3], reading[at + 4], reading[at + 5], reading[at + 6], reading[at + 7], reading[at + 8], reading[at + 9]];
      case 11: return [reading[at], reading[at + 1], reading[at + 2], reading[at + 3], reading[at + 4], reading[at + 5], reading[at + 6], reading[at + 7], reading[at + 8], reading[at + 9], reading[at + 10]];
      case 12: return [reading[at], reading[at + 1], reading[at + 2], reading[at + 3], reading[at + 4], reading[at + 5], reading[at + 6], reading[at + 7], reading[at + 8], reading[at + 9], reading[at + 10], reading[at + 11]];
      case 13: return [reading[at], reading[at + 1], reading[at + 2], reading[at + 3], reading[at + 4], reading[at + 5], reading[at + 6], reading[at + 7], reading[at + 8], reading[at + 9], reading[at + 10], reading[at + 11], reading[at + 12]];
      case 14: return [reading[at], reading[at + 1], reading[at + 2], reading[at + 3], reading[at + 4], reading[at + 5], reading[at + 6], reading[at + 7], reading[at + 8], reading[at + 9], reading[at + 10], reading[at + 11], reading[at + 12], reading[at + 13]];
      case 15: return [reading[at], reading[at + 1], reading[at + 2], reading[at + 3], reading[at + 4], reading[at + 5], reading[at + 6], reading[at + 7], reading[at + 8], reading[at + 9], reading[at + 10], reading[at + 11], reading[at + 12], reading[at + 13], reading[at + 14]];
      case 16: return [reading[at], reading[at + 1], reading[at + 2], reading[at + 3], reading[at + 4], reading[at + 5], reading[at + 6], reading[at + 7], reading[at + 8], reading[at + 9], reading[at + 10], reading[at + 11], reading[at + 12], reading[at + 13], reading[at + 14], reading[at + 15]];
      default: return [];
    }
  }

  // A field's name: text, read as `readValue` reads it.
  function readName() {
    if (reading[read] !== 0xe2) return readValue();
    const n = (reading[read + 1] | (reading[read + 2] << 8) | (reading[read + 3] << 16) | (reading[read + 4] << 24)) >>> 0;
    const at = read + 5;
    const slot = (n * 31 + reading[at]) & (NAMES - 1);
    const known = names[slot];
    if (known.length === n && n !== 0) {
      let i = 0;
      while (i < n && known.charCodeAt(i) === reading[at + i]) i++;
      if (i === n) {
        read = at + n;
        return known;
      }
    }
    const name = readValue();
    // Only text of one byte a character (the length compared above is then the bytes').
    if (name.length === n && n <= 64) names[slot] = name;
    return name;
  }

  // The state whose bytes the module put where `target` says (`fresh` has been called since
  // the memory last could grow).
  function given() {
    reading = memoryBytes;
    read = place;
    return readValue();
  }

  function heuristicOf(state) {
    doing = "heuristic";
    try {
      const h = rules.heuristic(state);
      if (typeof h !== "number" || !(h >= 0) || h !== Math.floor(h)) throw wrong("heuristic", "a whole number, 0 or more", h);
      return h;
    } catch (error) {
      throw failed(error);
    }
  }

  // The states the last expansion found, by their order, until their flags are asked (or the
  // next expansion). Their number is kept apart: setting an array's length, where the realm is
  // locked down, cost as much as a script's call.
  const found = [];
  let foundCount = 0;

  // Moves that are text, by their number here: most scripts name a few moves again and again,
  // and one named before is written as its number (`expandGiven` says how). A search numbers
  // them afresh.
  const KNOWN = 0x80000000;
  const FIRST = 0x40000000;
  const MAX_KNOWN = 1 << 12;
  const knownMoves = new Map();
  // The same moves by their number: those an expansion that failed numbered are forgotten.
  const knownList = [];
  // The last move seen at each place (modulo RECENT) of a list of moves, and its number: most
  // scripts list the same moves in the same order, and comparing them is cheaper than a look-up.
  // (NONE, an object of this side's, is no move a script can give.)
  const RECENT = 16;
  const NONE = {};
  const recentMoves = [];
  const recentNumbers = [];
  for (let i = 0; i < RECENT; i++) {
    recentMoves.push(NONE);
    recentNumbers.push(0);
  }

  function forgetRecent() {
    for (let i = 0; i < RECENT; i++) recentMoves[i] = NONE;
  }

  // Writes `move`, the `at`-th of its list.
  function writeMove(move, at) {
    const slot = at & (RECENT - 1);
    if (recentMoves[slot] === move) {
      room(4);
      out.setUint32(length, KNOWN + recentNumbers[slot], true);
      length += 4;
      return;
    }
    if (typeof move === "string") {
      const known = knownMoves.get(move);
      if (known !== undefined) {
        recentMoves[slot] = move;
        recentNumbers[slot] = known;
        room(4);
        out.setUint32(length, KNOWN + known, true);
        length += 4;
        return;
      }
      if (knownMoves.size < MAX_KNOWN) {
        const at = length;
        writeKey(move, "moves", "a move");
        out.setUint32(at, FIRST + (length - at - 4), true);
        knownMoves.set(move, knownMoves.size);
        knownList.push(move);
        return;
      }
    }
    writeKey(move, "moves", "a move");
  }

  // The words that begin an expansion and that end one that failed, in `expandGiven`.
  const NEXT = 0x20000000;
  const FAILED = 0x10000000;
  // The states `expandGiven` was given, read.
  const givenStates = [];

  // One state found, written as `expandGiven` says.
  function writeFound(move, next, at) {
    writeMove(move, at);
    writeKey(next, "apply", "a state");
    if (foundCount < found.length) found[foundCount] = next;
    else found.push(next);
    foundCount++;
  }

  const FLAGS_FAILED = 0xff;

  // What the last of the calls below that return NaN threw: those calls (the module's, once a
  // state or more) catch what is thrown themselves, so that the module's glue has no wrapper
  // around them to catch it (that was a twentieth of the page's time).
  let thrown = null;
  function threw(error) {
    thrown = error;
    return NaN;
  }

  const host = {
    // A new search: the state start() returns, state 0.
    begin() {
      values.length = 0;
      knownMoves.clear();
      knownList.length = 0;
      forgetRecent();
      doing = "start";
      try {
        const state = rules.start();
        values.push(state);
        return state;
      } catch (error) {
        throw failed(error);
      }
    },
    // For an engine that expands states in its own language (QuickJS's, in Rust): the states
    // kept by number (it adds those it finds new), and the error of a function that returned
    // the wrong kind of value.
    values: values,
    wrong: wrong,
    heuristic(id) {
      return heuristicOf(values[id]);
    },
    // The flags of state 0, `begin`'s (as `flags` says).
    startFlags() {
      try {
        return flags(values[0]);
      } catch (error) {
        throw failed(error);
      }
    },
    // The user's function that was running when a call failed.
    doing() {
      return doing;
    },
    // Which of the functions a script may define it does define.
    defines(name) {
      return typeof rules[name] === "function";
    },
    // One call of the user's function `name` with arguments given as JSON text (replaying,
    // drawing, labels): its value as it is; show and label as text.
    call(name, json) {
      doing = name;
      try {
        const value = rules[name].apply(undefined, JSON.parse(json));
        if (name === "is_goal") return truth(name, value);
        if (name === "moves" && !Array.isArray(value)) throw wrong("moves", "an array of moves", value);
        if (name === "draw" && !Array.isArray(value)) throw wrong("draw", "an array of shapes", value);
        if (name !== "show" && name !== "label") return value;
        const text = String(value);
        if (text.length > MAX_TEXT) {
          throw new RangeError(name + "() returned " + (text.length / 1048576).toFixed(1) + " MB of text; at most " + (MAX_TEXT >> 10) + " KB is shown");
        }
        return text;
      } catch (error) {
        throw failed(error);
      }
    },

    // ---- For engines that take canonical bytes from here (the page's).
    // The module's memory, where the bytes are copied.
    bind(wasmMemory) {
      memory = wasmMemory;
    },
    // Where the bytes go from now on: `size` bytes from `place` in the module's memory.
    target(where, size) {
      place = where;
      capacity = size;
      view = new Uint8Array(0);
    },
    // `begin`'s state, written (without its length) as `copy` says.
    beginInto() {
      const state = host.begin();
      fresh();
      writeHere();
      writeKey(state, "start", "a state");
      scratch.copyWithin(0, 4, length);
      length -= 4;
      return copy();
    },
    // `expand` of each state the module put where `target` says (their count, then each after
    // its length; one call for many states, where a search expands them in the order found),
    // written as `copy` says: for each, the word `NEXT`, then for each state found its move and
    // the state, each after its length. A move's length word with `KNOWN` set is instead the
    // number of a text move written before, one with `FIRST` set gives that move its number
    // (the next). An expansion that fails is the word `FAILED` after its `NEXT`, the last
    // written, and `thrown` says why. The states found are kept until `flagsGiven` (nothing is
    // kept longer).
    expandGiven() {
      try {
        foundCount = 0;
        fresh();
        reading = memoryBytes;
        read = place;
        const count = readInt();
        // All are read before anything is written where they are.
        for (let i = 0; i < count; i++) {
          read += 4;
          if (i < givenStates.length) givenStates[i] = readValue();
          else givenStates.push(readValue());
        }
        writeHere();
        for (let i = 0; i < count; i++) {
          room(4);
          out.setUint32(length, NEXT, true);
          length += 4;
          const at = length;
          const movesKnown = knownList.length;
          try {
            visit(givenStates[i], writeFound);
          } catch (error) {
            length = at;
            while (knownList.length > movesKnown) knownMoves.delete(knownList.pop());
            forgetRecent();
            room(4);
            out.setUint32(length, FAILED, true);
            length += 4;
            thrown = error;
            break;
          }
        }
        return copy();
      } catch (error) {
        return threw(error);
      }
    },
    // The flags (as `flags` says, a byte each) of the states of the last expansions that are
    // new to the search, written as `copy` says: the module put their count and their places
    // in the expansions where `target` says, 4 bytes each. (The states the search has seen
    // before are not asked: most of them, in most puzzles, and `is_goal` may cost.) A state
    // whose flags could not be had is `FLAGS_FAILED`, the last written, and `thrown` says why.
    flagsGiven() {
      try {
        fresh();
        reading = memoryBytes;
        read = place;
        const count = readInt();
        // Each flag is written before the places still to read (they take 4 bytes each).
        writeHere();
        for (let i = 0; i < count; i++) {
          const at = readInt();
          if (at >= foundCount) throw new Error("puzzlelab: no such state in the expansion");
          let flag;
          try {
            flag = flags(found[at]);
          } catch (error) {
            // The flags of the states before it stand.
            out.setUint8(length++, FLAGS_FAILED);
            thrown = failed(error);
            break;
          }
          out.setUint8(length++, flag);
        }
        return copy();
      } catch (error) {
        return threw(failed(error));
      }
    },
    // `heuristic` of the state the module put where `target` says.
    heuristicGiven() {
      try {
        fresh();
        return heuristicOf(given());
      } catch (error) {
        return threw(error);
      }
    },
    // What the last call that returned NaN threw.
    thrown() {
      const error = thrown;
      thrown = null;
      return error;
    },
    // What was last written, again, once the module has made room.
    copyAgain() {
      return copy();
    },
    // `call` of moves or apply, written as `copy` says: each move after its length; the state
    // after its length, or nothing when the move is not allowed.
    callInto(name, json) {
      const value = host.call(name, json);
      fresh();
      writeHere();
      if (name === "moves") {
        for (let i = 0; i < value.length; i++) writeKey(value[i], "moves", "a move");
      } else if (value !== null && value !== undefined) {
        writeKey(value, "apply", "a state");
      }
      return copy();
    },
    // `draw`'s shapes as JSON, each field a number or text (or null where it is neither).
    shapes(json) {
      const value = host.call("draw", json);
      return JSON.stringify(value.slice(0, 10000).filter((shape) => shape !== null && typeof shape === "object").map((shape) => {
        const field = (key, kind) => {
          const v = shape[key];
          if (v === undefined || v === null) return null;
          return kind === "number" ? (typeof v === "number" && Number.isFinite(v) ? v : null) : String(v).slice(0, MAX_LABEL);
        };
        return { x: field("x", "number"), y: field("y", "number"), w: field("w", "number"), h: field("h", "number"),
                 colour: field("colour", "text"), label: field("label", "text"), shape: field("shape", "text"),
                 move: field("move", "text") };
      }));
    },
  };
  return host;
})(Array, Object, String, Math, JSON, Number, Map, Uint8Array, DataView, globalThis.TextEncoder, globalThis.TextDecoder)
