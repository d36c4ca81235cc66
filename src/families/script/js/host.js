// The host of a puzzle script written in JavaScript: what puzzlelab's searches call. Every
// engine that runs scripts evaluates this one expression (QuickJS in the command-line tool, the
// browser's own engine in the page) and calls it with the rules: the object the user's script,
// wrapped in a function, returns. The states a search has numbered are kept here, by number, so
// that a search hands the script its own values back without decoding them.
(function (rules) {
  "use strict";
  const values = [];
  // The states the last expansion found, until the search says which of them are new.
  let pending = [];
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

  // What the search needs to know of a state it has just numbered: 1 if solved, 2 if dead.
  function flags(state) {
    doing = "is_goal";
    let flag = truth("is_goal", rules.is_goal(state)) ? 1 : 0;
    if (rules.is_dead) {
      doing = "is_dead";
      if (truth("is_dead", rules.is_dead(state))) flag |= 2;
    }
    return flag;
  }

  return {
    // A new search: the state start() returns, which becomes state 0 once the search adopts it.
    begin() {
      values.length = 0;
      doing = "start";
      try {
        const state = rules.start();
        pending = [state];
        return state;
      } catch (error) {
        throw failed(error);
      }
    },
    // The moves allowed from state `id` and the state after each, as [move, state, move, ...].
    expand(id) {
      const state = values[id];
      const found = [];
      pending = [];
      try {
        doing = "moves";
        const moves = rules.moves(state);
        if (!Array.isArray(moves)) throw wrong("moves", "an array of moves", moves);
        doing = "apply";
        for (let i = 0; i < moves.length; i++) {
          const next = rules.apply(state, moves[i]);
          if (next === null || next === undefined) continue;
          pending.push(next);
          found.push(moves[i], next);
        }
      } catch (error) {
        throw failed(error);
      }
      return found;
    },
    // `news` has a "1" for each state of the last expansion the search numbered (in order, the
    // next numbers): they are kept, and their flags returned.
    adopt(news) {
      const out = [];
      try {
        for (let i = 0; i < news.length; i++) {
          if (news.charCodeAt(i) !== 49) continue;
          const state = pending[i];
          values.push(state);
          out.push(flags(state));
        }
      } catch (error) {
        throw failed(error);
      }
      return out;
    },
    heuristic(id) {
      doing = "heuristic";
      try {
        const h = rules.heuristic(values[id]);
        if (typeof h !== "number" || !(h >= 0) || h !== Math.floor(h)) throw wrong("heuristic", "a whole number, 0 or more", h);
        return h;
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
        return name === "show" || name === "label" ? String(value) : value;
      } catch (error) {
        throw failed(error);
      }
    },
  };
})
