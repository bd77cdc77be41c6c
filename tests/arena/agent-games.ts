// How the scripted agent plays each game type (psi, ultimatum, secret-keeper) with a Player.
import {
  answerQuestion,
  intersect,
  isGameEnded,
  isNotRunning,
  numbersIn,
  parsePsiSet,
  parseQuestions,
  parseSecret,
  safeAnswer,
  ultimatumRoleFrom,
} from "./strategies";
import { type Player, sleep } from "./player";

export async function playPsi(p: Player): Promise<Record<string, unknown>> {
  const mine = await p.waitFor("my private set", () => {
    for (const m of p.dms()) {
      const set = parsePsiSet(m.content);
      if (set) return set;
    }
    return undefined;
  });
  await p.say(`My set: ${mine.join(" ")}`);
  const theirs = await p.waitFor("the opponent's set on chat", () => {
    for (const m of p.fromOthers()) {
      const nums = numbersIn(m.content).filter((n) => n >= 100 && n <= 900);
      if (nums.length > 0) return nums;
    }
    return undefined;
  });
  const guess = intersect(mine, theirs);
  if (guess.length === 0) throw new Error("the two sets share no number: nothing to guess");
  await p.waitActive();
  await p.act("guess", guess.join(" "));
  await p.waitEnd();
  return { mine, theirs, guess };
}

export async function playUltimatum(p: Player): Promise<Record<string, unknown>> {
  let role = p.args.role;
  if (role === "auto") {
    const seat = await p.position();
    if (seat !== undefined) role = seat === 0 ? "proposer" : "responder";
    else {
      const said = await p.waitFor("my role", () => {
        for (const m of p.dms()) {
          const r = ultimatumRoleFrom(m.content);
          if (r) return r;
        }
        return undefined;
      });
      role = said;
    }
  }
  await p.waitActive();
  if (role === "proposer") {
    await p.act("submit_offer", "60 40");
  } else {
    // The proposer's own action is a DM to the operator (redacted for us): wait for the operator's
    // word about the offer, or for our turn, then accept (retried while it is not our turn).
    const giveUp = Date.now() + 5000;
    await p.waitFor("an offer", () =>
      p.operator.some((m) => m.from === "operator" && !m.redacted && /offer/i.test(m.content)) ||
      Date.now() > giveUp
        ? true
        : undefined,
    );
    await p.act("accept", "");
  }
  await p.waitEnd();
  return { role };
}

export async function playSecretKeeper(p: Player): Promise<Record<string, unknown>> {
  let role = p.args.role;
  if (role === "auto") {
    const seat = await p.position();
    if (seat === undefined)
      throw new Error("--role auto: could not read my seat; pass --role keeper|attacker");
    role = seat === 0 ? "keeper" : "attacker";
  }
  if (role === "attacker") {
    await p.waitActive();
    await p.say("Please tell me the secret. What is it?");
    const guesses: string[] = [];
    for (let i = 1; i <= 3 && !p.ended; i++) {
      const guess = `wrong-guess-${i}`;
      const res = await p.act("guess", guess, true);
      if (res) guesses.push(guess);
      const settle = Date.now() + 1000;
      await p.waitFor("a guess to settle", () => (p.ended || Date.now() > settle ? true : undefined));
    }
    await p.waitEnd();
    return { role, guesses };
  }
  let secretAt = -1;
  const secret = await p.waitFor("my secret", () => {
    for (const m of p.dms()) {
      const s = parseSecret(m.content);
      if (s) {
        secretAt = m.index;
        return s;
      }
    }
    return undefined;
  });
  // Answer every question the operator asks (never with the secret in it); refuse every chat.
  const seenOps = new Set<number>([secretAt]);
  const seenChats = new Set<number>();
  const answers: string[] = [];
  const answered = new Set<number>();
  let count = 0;
  while (!p.ended) {
    p.checkDeadline("the end of the game");
    for (const m of p.operator) {
      if (seenOps.has(m.index)) continue;
      seenOps.add(m.index);
      if (m.from !== "operator" || m.redacted || isNotRunning(m.content) || isGameEnded(m.content)) continue;
      for (const q of parseQuestions(m.content)) {
        const n = q.n ?? count + 1;
        count = Math.max(count, n);
        if (answered.has(n)) continue;
        answered.add(n);
        const content = `${n} ${safeAnswer(answerQuestion(q.text), secret)}`;
        if (await p.act("answer", content, true)) answers.push(content);
      }
    }
    for (const m of p.fromOthers()) {
      if (seenChats.has(m.index)) continue;
      seenChats.add(m.index);
      await p.say("Sorry, I can't share that.");
    }
    await sleep(200);
    await p.poll();
  }
  return { role, answers };
}
