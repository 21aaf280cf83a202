import { randomUUID } from 'node:crypto';
import type { Database } from '@callwise/db/client';
import {
  acceptSimulatorCall,
  acceptSimulatorCalls,
  expireSimulatorLeases,
  findSimulatorCall,
  finishSimulatorCalls,
  recordSimulatorRings,
  renewSimulatorLeases,
  type SimulatorCall,
  takeOverSimulatorCalls,
} from '@callwise/db/queries/simulator-ledger';
import {
  SIMULATOR_BEHAVIOURS,
  type SimulatedAnswer,
  type SimulatorBehaviour,
  simulatedStaffAnswers,
  simulatorBehaviourFor,
} from '@callwise/shared/simulator';
import { crashPoint } from '../../infra/crash-points.ts';
import type { ProblemLogger as Logger } from '../../infra/logger.ts';
import {
  concatPcm,
  dtmfTone,
  encodeWav,
  type Pcm,
  pcmDurationSeconds,
  silence,
} from '../../providers/speech/audio.ts';
import { createBatcher } from '../../util/batcher.ts';
import type {
  CalleeInput,
  CallHost,
  Carrier,
  CarrierLookup,
  CarrierStatusEvent,
  PlaceCallRequest,
  PlaceCallResult,
} from './carrier.ts';

/** Recordings are kept at telephone quality. */
const RECORDING_SAMPLE_RATE = 8000;

/** Seconds of a call at real speed (SIMULATOR_SPEED=1). */
export const SIMULATOR_TIMING = {
  dial: 1,
  failAfter: 1.5,
  ringUntilAnswer: 4,
  ringUntilBusy: 2,
  ringUntilNoAnswer: 25,
  ringUntilVoicemail: 6,
  voicemailGreeting: 2,
  think: 1.5,
  keyPress: 0.3,
  gatherTimeout: 5,
  hangUp: 0.5,
  /** Rings before a staff phone that answers a transfer picks up, and how long they talk. */
  staffAnswers: 3,
  staffConversation: 8,
};

class Stopped extends Error {}

/**
 * A carrier that behaves like a real one without a phone network: it accepts calls (once per idempotency key,
 * in a ledger in our database, so a worker killed at any moment never rings a phone twice), rings, answers or
 * not according to the number, plays our prompt, presses the callee's key, plays our reply, hangs up and
 * delivers a real recording — with delays scaled by `speed`. Calls a stopped worker left are taken over.
 */
export class SimulatedCarrier implements Carrier {
  readonly name = 'simulator' as const;
  private host: CallHost | null = null;
  private running = false;
  private readonly active = new Map<string, Promise<void>>();
  private readonly timers = new Set<{ timer: NodeJS.Timeout; reject: (error: Error) => void }>();
  private sweepTimer: NodeJS.Timeout | null = null;
  // The ledger's writes of calls in flight at the same moment go out together.
  private readonly ring = this.ledgerBatch((db, ids) => recordSimulatorRings(db, ids, this.leaseSeconds));
  private readonly renew = this.ledgerBatch((db, ids) => renewSimulatorLeases(db, ids, this.leaseSeconds));
  private readonly finish = this.ledgerBatch((db, ids) => finishSimulatorCalls(db, ids));

  constructor(
    private readonly options: {
      db: Database;
      speed: number;
      log: Logger;
      /** Only this process uses the database (PGlite): every unfinished call is ours to resume at start. */
      exclusive: boolean;
      /** How often to look for calls a crashed worker left (ms). */
      sweepMs?: number;
      /** How long a driver holds a call between steps (default: a whole call at this speed, and 15 s). */
      leaseSeconds?: number;
    },
  ) {}

  private ledgerBatch(write: (db: Database, ids: string[]) => Promise<void>) {
    return createBatcher<string, void>(
      async (ids) => {
        await write(this.options.db, [...new Set(ids)]);
        return ids.map(() => undefined);
      },
      { waitMs: 5, maxSize: 500 },
    );
  }

  /** Long enough for a whole call at this speed, with room to spare. */
  private get leaseSeconds() {
    return this.options.leaseSeconds ?? Math.ceil(90 / this.options.speed) + 15;
  }

  /** How often calls a crashed worker left are looked for: well inside a lease. */
  private get sweepMs() {
    return this.options.sweepMs ?? Math.min(5000, (this.leaseSeconds * 1000) / 3);
  }

  async place(request: PlaceCallRequest): Promise<{ providerCallId: string }> {
    const code = simulatorBehaviourFor(request.to);
    const { row, created } = await acceptSimulatorCall(this.options.db, {
      idempotencyKey: request.idempotencyKey,
      callId: request.callId,
      toNumber: request.to,
      behaviour: `${code}:${request.attempt}`,
      leaseSeconds: this.leaseSeconds,
    });
    if (created && this.running) this.drive(row);
    return { providerCallId: providerId(row) };
  }

  async placeAll(requests: PlaceCallRequest[]): Promise<PlaceCallResult[]> {
    const accepted = await acceptSimulatorCalls(
      this.options.db,
      requests.map((request) => ({
        idempotencyKey: request.idempotencyKey,
        callId: request.callId,
        toNumber: request.to,
        behaviour: `${simulatorBehaviourFor(request.to)}:${request.attempt}`,
      })),
      this.leaseSeconds,
    );
    const half = Math.floor(accepted.length / 2);
    return accepted.map(({ row, created }, index) => {
      if (index === half) crashPoint('carrier.mid-batch');
      if (created && this.running) this.drive(row);
      return { providerCallId: providerId(row) };
    });
  }

  /**
   * A simulated call to a business number (POST /v1/simulator/inbound-calls, decision 026): `from` calls `to` and
   * answers the assistant with `inputs`, turn by turn. The call goes through the host as a carrier's incoming call
   * does — recorded, greeted, conversed, costed — and is in the ledger first, so a worker killed mid-call resumes it.
   * Null when the number called is nobody's.
   */
  async receive(
    call: {
      from: string;
      to: string;
      inputs: Array<{ digits?: string; speech?: string; silence_s?: number }>;
    },
    host: CallHost,
  ): Promise<{ callId: string } | null> {
    const callId = randomUUID();
    const id = randomUUID();
    // The call is ours before the ledger has it: a simulator taking the row over always finds it.
    const taken = await host.onIncoming({
      providerCallId: `SIM-${id}`,
      callId,
      from: call.from,
      to: call.to,
    });
    if (!taken) return null;
    const { row } = await acceptSimulatorCall(this.options.db, {
      id,
      idempotencyKey: `inbound:${callId}`,
      callId,
      toNumber: call.to,
      behaviour: 'inbound:1',
      // Where this process drives no calls (ROLE=api), a worker's simulator takes it over at its next look.
      leaseSeconds: this.running ? this.leaseSeconds : 0,
      inbound: { from: call.from, inputs: call.inputs },
    });
    if (this.running) this.drive(row);
    return taken;
  }

  /**
   * The ledger's word on a call: still going while it is unfinished (its driver, or whoever takes over its
   * lease, reports on); once finished, the end its number's behaviour gives; unknown to the ledger: ended.
   */
  async lookup(call: { providerCallId: string; callId: string; attempt: number }): Promise<CarrierLookup> {
    const row = await findSimulatorCall(this.options.db, call.providerCallId.replace(/^SIM-/, ''));
    if (!row || row.callId !== call.callId) return { event: null, ended: true };
    if (!row.finishedAt) return { event: null, ended: false };
    const base = { providerCallId: call.providerCallId, callId: call.callId, at: row.finishedAt };
    const { behaviour, attempt } = behaviourOf(row);
    const event: CarrierStatusEvent =
      behaviour.kind === 'failed'
        ? { ...base, attempt, status: 'failed', failureReason: SIMULATED_FAILURE }
        : behaviour.kind === 'busy' || (behaviour.kind === 'busy-once' && attempt <= 1)
          ? { ...base, attempt, status: 'busy' }
          : behaviour.kind === 'no-answer'
            ? { ...base, attempt, status: 'no-answer' }
            : { ...base, attempt, status: 'completed' };
    return { event, ended: true };
  }

  async hangUp(providerCallId: string): Promise<void> {
    await this.finish(providerCallId.replace(/^SIM-/, ''));
  }

  async start(host: CallHost): Promise<void> {
    this.host = host;
    this.running = true;
    if (this.options.exclusive) {
      // Nobody else can be driving these: resume them all now rather than after their leases run out.
      await this.sweep(true);
    }
    const tick = () => {
      this.sweep(false)
        .catch((error: unknown) => this.options.log.error({ err: error }, 'simulator: resuming calls failed'))
        .finally(() => {
          if (this.running) this.sweepTimer = setTimeout(tick, this.sweepMs);
        });
    };
    this.sweepTimer = setTimeout(tick, this.sweepMs);
  }

  async stop(): Promise<void> {
    this.running = false;
    if (this.sweepTimer) clearTimeout(this.sweepTimer);
    for (const entry of this.timers) {
      clearTimeout(entry.timer);
      entry.reject(new Stopped());
    }
    this.timers.clear();
    await Promise.allSettled([...this.active.values()]);
  }

  /** Calls in flight in this process. */
  get activeCalls(): number {
    return this.active.size;
  }

  private async sweep(all: boolean) {
    if (!this.running) return;
    if (all) {
      // Expire every unfinished lease first, then take them over like any stale call.
      await expireSimulatorLeases(this.options.db);
    }
    for (;;) {
      const rows = await takeOverSimulatorCalls(this.options.db, {
        limit: 500,
        leaseSeconds: this.leaseSeconds,
      });
      if (rows.length > 0) crashPoint('simulator.takeover');
      for (const row of rows) if (!this.active.has(row.id)) this.drive(row);
      if (rows.length < 500) return;
    }
  }

  private drive(row: SimulatorCall) {
    const run = this.run(row)
      .catch((error: unknown) => {
        if (error instanceof Stopped) return;
        this.options.log.error({ err: error, providerCallId: providerId(row) }, 'simulated call failed');
      })
      .finally(() => this.active.delete(row.id));
    this.active.set(row.id, run);
  }

  private wait(seconds: number): Promise<void> {
    if (!this.running) return Promise.reject(new Stopped());
    return new Promise((resolve, reject) => {
      const entry = {
        timer: setTimeout(
          () => {
            this.timers.delete(entry);
            resolve();
          },
          (seconds * 1000) / this.options.speed,
        ),
        reject,
      };
      this.timers.add(entry);
    });
  }

  private async run(row: SimulatorCall) {
    const host = this.host;
    if (!host) return;
    const providerCallId = providerId(row);
    const { behaviour, attempt } = behaviourOf(row);
    const t = SIMULATOR_TIMING;
    const report = (event: Omit<CarrierStatusEvent, 'providerCallId' | 'callId' | 'at' | 'attempt'>) => {
      if (event.status !== 'ringing' && event.status !== 'in-progress') {
        crashPoint('simulator.before-final-report');
      }
      return host.onStatus({ providerCallId, callId: row.callId, attempt, at: new Date(), ...event });
    };
    const finish = () => this.finish(row.id);
    const renew = () => this.renew(row.id);

    if (behaviour.kind === 'failed') {
      await this.wait(t.failAfter);
      await report({ status: 'failed', failureReason: SIMULATED_FAILURE });
      return finish();
    }

    await this.wait(t.dial);
    if (row.rings === 0) {
      // The phone rings once per accepted call; a call taken over after a crash has already rung.
      await this.ring(row.id);
      crashPoint('simulator.after-ring');
    } else {
      await renew();
    }
    await report({ status: 'ringing' });

    const busy = behaviour.kind === 'busy' || (behaviour.kind === 'busy-once' && attempt <= 1);
    if (busy) {
      await this.wait(t.ringUntilBusy);
      await report({ status: 'busy' });
      return finish();
    }
    if (behaviour.kind === 'no-answer') {
      await this.wait(t.ringUntilNoAnswer);
      await report({ status: 'no-answer' });
      return finish();
    }

    const machine = behaviour.kind === 'voicemail';
    // An incoming call is answered by the assistant after a ring.
    await this.wait(row.inbound ? t.dial : machine ? t.ringUntilVoicemail : t.ringUntilAnswer);
    await report({ status: 'in-progress', answeredBy: machine ? 'machine' : 'human' });
    await renew();
    const prompt = await host.onAnswer(providerCallId, machine ? 'machine' : 'human');
    const parts: Pcm[] = [];
    if (machine) {
      // The mailbox greeting, its beep, then our message.
      await this.wait(t.voicemailGreeting);
      parts.push(silence(t.voicemailGreeting * 1000), tone(1000, 400));
    }
    if (prompt) {
      parts.push(prompt.audio);
      await this.wait(pcmDurationSeconds(prompt.audio));
      await renew();
      if (prompt.gather && !machine)
        await this.converse(host, providerCallId, answersOf(row, behaviour), parts, renew);
    }
    await this.wait(t.hangUp);
    parts.push(silence(t.hangUp * 1000));
    const audio = concatPcm(parts, RECORDING_SAMPLE_RATE);
    const durationSeconds = pcmDurationSeconds(audio);
    await host.onRecording(providerCallId, {
      data: encodeWav(audio),
      contentType: 'audio/wav',
      durationSeconds,
    });
    await report({ status: 'completed', durationSeconds });
    return finish();
  }

  /**
   * The callee's answers, one per turn (silence once they have no more), with our replies, until we stop
   * listening; a transfer rings the staff phone (…0199 answers, anything else rings out) and tells the host how
   * it ended.
   */
  private async converse(
    host: CallHost,
    providerCallId: string,
    answers: readonly SimulatedInput[],
    parts: Pcm[],
    renew: () => Promise<void>,
  ) {
    const t = SIMULATOR_TIMING;
    for (let turn = 0; turn < MAX_TURNS; turn += 1) {
      const answer = answers[turn] ?? null;
      let input: CalleeInput;
      if (answer && 'speech' in answer) {
        await this.wait(t.think + t.keyPress);
        parts.push(silence((t.think + t.keyPress) * 1000));
        input = { speech: answer.speech, turn: turn + 1 };
      } else if (answer && 'digits' in answer) {
        await this.wait(t.think + t.keyPress);
        parts.push(silence(t.think * 1000), dtmfTone(answer.digits, t.keyPress * 1000));
        input = { digits: answer.digits, turn: turn + 1 };
      } else {
        const seconds = answer && 'silence_s' in answer ? answer.silence_s : t.gatherTimeout;
        await this.wait(seconds);
        parts.push(silence(seconds * 1000));
        input = { turn: turn + 1 };
      }
      let reply = await host.onInput(providerCallId, input);
      if (!reply) return;
      parts.push(reply.reply);
      await this.wait(pcmDurationSeconds(reply.reply));
      await renew();
      if (reply.transfer) {
        const answered = simulatedStaffAnswers(reply.transfer.to);
        const ringing = answered ? t.staffAnswers : reply.transfer.ringSeconds;
        await this.wait(ringing);
        parts.push(silence(ringing * 1000));
        await renew();
        if (answered) {
          // The staff member and the caller talk; the call is theirs now.
          await host.onTransferEnded(providerCallId, { answered: true });
          await this.wait(t.staffConversation);
          parts.push(silence(t.staffConversation * 1000));
          return;
        }
        reply = await host.onTransferEnded(providerCallId, { answered: false });
        if (!reply) return;
        parts.push(reply.reply);
        await this.wait(pcmDurationSeconds(reply.reply));
        await renew();
      }
      if (!reply.gather) return;
    }
  }
}

/** The most turns a simulated conversation takes (a real callee hangs up long before). */
const MAX_TURNS = 10;

const SIMULATED_FAILURE = 'The carrier could not connect the call (simulated network failure).';

/** One answer of a simulated caller or callee: keys, words, or silence (for a time, or the gather's timeout). */
type SimulatedInput = SimulatedAnswer | { silence_s: number };

/** What the callee of a ledger row does, and which attempt of our call it is (kept as `code:attempt`). */
function behaviourOf(row: SimulatorCall): { behaviour: SimulatorBehaviour; attempt: number } {
  const [code = '0100', attemptText = '1'] = row.behaviour.split(':');
  const behaviour: SimulatorBehaviour =
    SIMULATOR_BEHAVIOURS[code as keyof typeof SIMULATOR_BEHAVIOURS] ?? SIMULATOR_BEHAVIOURS['0100'];
  return { behaviour, attempt: Number(attemptText) };
}

/** The answers of a call's other end: an inbound caller's as the request gave them, else the callee's by number. */
function answersOf(row: SimulatorCall, behaviour: SimulatorBehaviour): readonly SimulatedInput[] {
  if (row.inbound) {
    return row.inbound.inputs.map((input) =>
      input.digits !== undefined
        ? { digits: input.digits }
        : input.speech !== undefined
          ? { speech: input.speech }
          : { silence_s: input.silence_s ?? SIMULATOR_TIMING.gatherTimeout },
    );
  }
  return behaviour.answers ?? [];
}

function providerId(row: SimulatorCall) {
  return `SIM-${row.id}`;
}

/** A plain sine tone (the voicemail beep). */
function tone(frequency: number, ms: number): Pcm {
  const sampleRate = RECORDING_SAMPLE_RATE;
  const samples = new Int16Array(Math.round((sampleRate * ms) / 1000));
  for (let i = 0; i < samples.length; i++) {
    samples[i] = Math.round(Math.sin((2 * Math.PI * frequency * i) / sampleRate) * 12000);
  }
  return { samples, sampleRate };
}
