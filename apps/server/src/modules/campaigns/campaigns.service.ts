import type { Database } from '@callwise/db/client';
import { moveWaitingCampaignCalls } from '@callwise/db/queries/call-edits';
import {
  type CampaignCallStats,
  type CampaignContact,
  type CampaignRow,
  type CampaignSkipRow,
  campaignCallStats,
  cancelCampaign,
  contactsByIds,
  contactsWithTag,
  deleteCampaign,
  EMPTY_CAMPAIGN_STATS,
  getCampaign,
  insertCampaign,
  listCampaigns,
  scriptTitles,
  setCampaignSkipped,
  setCampaignStatus,
  waitingCampaignCalls,
} from '@callwise/db/queries/campaigns';
import type { Cursor } from '@callwise/db/queries/cursor';
import { getScript } from '@callwise/db/queries/scripts';
import { CALL_OUTCOMES, type CallOutcome, type CallType } from '@callwise/shared/calls';
import type { createCallInputSchema } from '@callwise/shared/schemas/calls';
import {
  type Campaign,
  type CampaignDetail,
  type CampaignSkipReason,
  type CampaignState,
  campaignState,
  type createCampaignInputSchema,
  MAX_CAMPAIGN_CONTACTS,
} from '@callwise/shared/schemas/campaigns';
import { recipientValues, variablesIn } from '@callwise/shared/variables';
import type { z } from 'zod';
import { AppError, notFound } from '../../http/app-error.ts';
import { iso } from '../../http/pagination.ts';
import type { CallService } from '../calls/calls.service.ts';

type CreateCampaignInput = z.output<typeof createCampaignInputSchema>;
type CreateCallInput = z.output<typeof createCallInputSchema>;

/** A start time in the past by less than this means "now" (the form rounds to the minute). */
const PAST_GRACE_MS = 5 * 60_000;

const validation = (field: string, message: string) =>
  new AppError('validation_failed', `${field}: ${message}`, [{ field, message }]);

const conflict = (message: string) => new AppError('conflict', message);

const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** The campaign as the API answers it, from its row, its calls and its script's title. */
export function campaignResponse(
  row: CampaignRow,
  stats: CampaignCallStats,
  scriptTitle: string | null,
): Campaign {
  const progress = {
    total: stats.total,
    pending: stats.pending,
    in_progress: stats.inProgress,
    completed: stats.completed,
    failed: stats.failed,
    canceled: stats.canceled,
  };
  return {
    id: row.id,
    name: row.name,
    script_id: row.scriptId,
    script_title: scriptTitle,
    call_type: row.callType as CallType,
    voice: row.voice,
    status: row.status as Campaign['status'],
    state: campaignState(row.status, progress),
    starts_at: row.startsAt.toISOString(),
    pace_per_hour: row.pacePerHour,
    requested: row.requested,
    skipped_count: row.skipped.length,
    progress,
    outcomes: Object.fromEntries(
      CALL_OUTCOMES.map((outcome) => [outcome, stats.outcomes[outcome] ?? 0]),
    ) as Record<CallOutcome, number>,
    next_call_at: iso(stats.nextCallAt),
    last_call_at: iso(stats.lastCallAt),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Campaigns: one script to many contacts, their progress, and pausing, resuming and cancelling them. */
export class CampaignService {
  constructor(private readonly deps: { db: Database; calls: CallService }) {}

  async list(accountId: string, options: { limit: number; cursor: Cursor | null }) {
    const { db } = this.deps;
    const page = await listCampaigns(db, accountId, options);
    const ids = page.rows.map((row) => row.id);
    const [stats, titles] = await Promise.all([
      campaignCallStats(db, accountId, ids),
      scriptTitles(db, accountId, this.scriptIds(page.rows)),
    ]);
    return {
      data: page.rows.map((row) =>
        campaignResponse(
          row,
          stats.get(row.id) ?? EMPTY_CAMPAIGN_STATS,
          row.scriptId ? (titles.get(row.scriptId) ?? null) : null,
        ),
      ),
      next_cursor: page.nextCursor,
    };
  }

  async get(accountId: string, id: string): Promise<CampaignDetail> {
    const row = await getCampaign(this.deps.db, accountId, id);
    if (!row) throw notFound('Campaign');
    return this.detail(row);
  }

  /**
   * Creates the campaign and its calls: one per contact (the selected ones, or every contact with the tag), due at
   * starts_at or spread at the pace. Contacts the calling rules refuse (do-not-call, consent, invalid number,
   * frequency cap) or that are not the account's are skipped and listed with the reason.
   */
  async create(accountId: string, input: CreateCampaignInput): Promise<CampaignDetail> {
    const { db } = this.deps;
    // A large campaign's calls are timed by the voice's speaking rate: measured meanwhile, the first time.
    if (input.contact_ids) this.deps.calls.warmSpeakingRate(input.voice, input.contact_ids.length);
    const script = await getScript(db, accountId, input.script_id);
    if (!script) throw notFound('Script');

    const skipped: CampaignSkipRow[] = [];
    let targets: CampaignContact[];
    let requested: number;
    if (input.contact_ids) {
      const ids = [...new Set(input.contact_ids)];
      const found = new Map(
        (await contactsByIds(db, accountId, ids)).map((contact) => [contact.id, contact]),
      );
      targets = [];
      for (const id of ids) {
        const contact = found.get(id);
        if (contact) targets.push(contact);
        else {
          skipped.push({
            contact_id: id,
            phone: null,
            reason: 'not_found' satisfies CampaignSkipReason,
            message: 'This contact was not found: it may have been deleted.',
          });
        }
      }
      if (targets.length === 0) {
        throw new AppError('not_found', 'None of the chosen contacts was found: they may have been deleted.');
      }
      requested = ids.length;
    } else {
      const tag = input.tag ?? '';
      targets = await contactsWithTag(db, accountId, tag, MAX_CAMPAIGN_CONTACTS + 1);
      if (targets.length === 0) throw validation('tag', `No contact has the tag “${tag}”.`);
      if (targets.length > MAX_CAMPAIGN_CONTACTS) {
        throw validation(
          'tag',
          `More than ${MAX_CAMPAIGN_CONTACTS.toLocaleString('en-US')} contacts have the tag “${tag}”; a campaign calls at most ${MAX_CAMPAIGN_CONTACTS.toLocaleString('en-US')}. Split them with another tag.`,
        );
      }
      requested = targets.length;
      this.deps.calls.warmSpeakingRate(input.voice, targets.length);
    }

    const campaignIds = new Set([
      ...targets.map((contact) => contact.id),
      ...skipped.map((s) => s.contact_id),
    ]);
    for (const id of Object.keys(input.variables)) {
      if (!campaignIds.has(id)) throw validation(`variables.${id}`, 'is not one of the campaign’s contacts');
    }
    this.checkVariables(script.content, targets, input);

    const now = Date.now();
    let startsAt = input.starts_at ? new Date(input.starts_at) : new Date(now);
    if (startsAt.getTime() < now - PAST_GRACE_MS) {
      throw validation('starts_at', 'is in the past. Choose a time from now on.');
    }
    if (startsAt.getTime() < now) startsAt = new Date(now);

    const campaign = await insertCampaign(db, accountId, {
      name: input.name,
      scriptId: script.id,
      callType: input.call_type,
      voice: input.voice,
      status: 'active',
      startsAt,
      pacePerHour: input.pace_per_hour ?? null,
      requested,
      skipped,
    });

    const spacingMs = input.pace_per_hour ? 3_600_000 / input.pace_per_hour : 0;
    const calls: CreateCallInput[] = targets.map((contact, i) => ({
      contact_id: contact.id,
      script_id: script.id,
      voice: input.voice,
      call_type: input.call_type,
      scheduled_at: new Date(startsAt.getTime() + Math.round(i * spacingMs)).toISOString(),
      variables: { ...input.default_variables, ...input.variables[contact.id] },
    }));
    let result: Awaited<ReturnType<CallService['createMany']>>;
    try {
      result = await this.deps.calls.createMany(accountId, calls, {
        onProblem: 'skip',
        campaignId: campaign.id,
        // Read above in one statement: the calls need not read their contacts one by one.
        contacts: new Map(targets.map((contact) => [contact.id, contact])),
        // Its calls are counted from the table (detail below), not answered one by one.
        read: false,
      });
    } catch (error) {
      // Nothing was created: the campaign goes too.
      await deleteCampaign(db, accountId, campaign.id);
      throw error;
    }

    if (result.skipped.length > 0) {
      for (const skip of result.skipped) {
        const contact = targets[skip.index];
        skipped.push({
          contact_id: contact?.id ?? null,
          phone: contact?.phone ?? null,
          reason: skip.reason,
          message: skip.message,
          ...(skip.rule ? { rule: skip.rule } : {}),
        });
      }
      const updated = await setCampaignSkipped(db, accountId, campaign.id, skipped);
      return this.detail(updated ?? campaign);
    }
    return this.detail(campaign);
  }

  async pause(accountId: string, id: string): Promise<CampaignDetail> {
    const { row, state } = await this.current(accountId, id);
    if (state === 'canceled') throw conflict('This campaign was cancelled, so it cannot be paused.');
    if (state === 'completed') throw conflict('This campaign has finished: no call is left to pause.');
    if (row.status === 'paused') throw conflict('This campaign is already paused.');
    const paused = await setCampaignStatus(this.deps.db, accountId, id, ['active'], 'paused');
    if (!paused) throw conflict('This campaign changed meanwhile. Reload it and try again.');
    return this.detail(paused);
  }

  /**
   * Resumes a paused campaign. Calls that fell due while it was paused go out now; a paced campaign's waiting
   * calls are spread again from now at its pace, so they never go out faster than chosen.
   */
  async resume(accountId: string, id: string): Promise<CampaignDetail> {
    const { db } = this.deps;
    const { row, state } = await this.current(accountId, id);
    if (state === 'canceled') {
      throw conflict('This campaign was cancelled, so it cannot be resumed. Create a new campaign instead.');
    }
    if (row.status !== 'paused') throw conflict('This campaign is not paused.');
    if (row.pacePerHour) {
      const spacingMs = 3_600_000 / row.pacePerHour;
      const now = Date.now();
      const moves = (await waitingCampaignCalls(db, accountId, id)).flatMap((call, k) => {
        const at = Math.max(call.scheduledAt.getTime(), now + Math.round(k * spacingMs));
        return at === call.scheduledAt.getTime() ? [] : [{ id: call.id, at: new Date(at) }];
      });
      await moveWaitingCampaignCalls(db, accountId, id, moves);
    }
    const resumed = await setCampaignStatus(db, accountId, id, ['paused'], 'active');
    if (!resumed) throw conflict('This campaign changed meanwhile. Reload it and try again.');
    return this.detail(resumed);
  }

  /** Cancels the campaign and every call of it that has not gone out yet. */
  async cancel(accountId: string, id: string): Promise<CampaignDetail> {
    const { state } = await this.current(accountId, id);
    if (state === 'canceled') throw conflict('This campaign is already cancelled.');
    if (state === 'completed') throw conflict('This campaign has finished: no call is left to cancel.');
    const result = await cancelCampaign(this.deps.db, accountId, id);
    if (!result) throw conflict('This campaign changed meanwhile. Reload it and try again.');
    return this.detail(result.campaign);
  }

  /** The campaign and where it stands; 404 when it is not the account's. */
  private async current(accountId: string, id: string): Promise<{ row: CampaignRow; state: CampaignState }> {
    const row = await getCampaign(this.deps.db, accountId, id);
    if (!row) throw notFound('Campaign');
    const stats = (await campaignCallStats(this.deps.db, accountId, [id])).get(id) ?? EMPTY_CAMPAIGN_STATS;
    return { row, state: campaignResponse(row, stats, null).state };
  }

  private async detail(row: CampaignRow): Promise<CampaignDetail> {
    const { db } = this.deps;
    const [stats, titles] = await Promise.all([
      campaignCallStats(db, row.accountId, [row.id]),
      scriptTitles(db, row.accountId, this.scriptIds([row])),
    ]);
    return {
      ...campaignResponse(
        row,
        stats.get(row.id) ?? EMPTY_CAMPAIGN_STATS,
        row.scriptId ? (titles.get(row.scriptId) ?? null) : null,
      ),
      skipped: row.skipped.map((skip) => ({ ...skip, reason: skip.reason as CampaignSkipReason })),
    };
  }

  private scriptIds(rows: CampaignRow[]): string[] {
    return [...new Set(rows.flatMap((row) => (row.scriptId ? [row.scriptId] : [])))];
  }

  /**
   * Every {{variable}} of the script needs a value for every contact (in default_variables or the contact's
   * own), except {{name}} and {{first_name}} (the contact's), and {{last_name}} and {{company}} when the contact
   * has one: a clear 400 before any call is made, instead of a problem with the n-th call.
   */
  private checkVariables(content: string, targets: CampaignContact[], input: CreateCampaignInput) {
    const needed = variablesIn(content).filter((name) => name !== 'name' && name !== 'first_name');
    const contactHas = (contact: CampaignContact, name: string) => {
      if (name === 'company') return Boolean(contact.company.trim());
      if (name === 'last_name') {
        const own = { name: contact.name, first_name: contact.firstName, last_name: contact.lastName };
        return Boolean(recipientValues(own).last_name);
      }
      return false;
    };
    const problems: Array<{ field: string; message: string }> = [];
    const texts: string[] = [];
    for (const name of needed) {
      if (input.default_variables[name]?.trim()) continue;
      const lacking = targets.filter(
        (contact) => !input.variables[contact.id]?.[name]?.trim() && !contactHas(contact, name),
      );
      if (lacking.length === 0) continue;
      problems.push({
        field: `default_variables.${name}`,
        message: `needs a value (missing for ${plural(lacking.length, 'contact')})`,
      });
      texts.push(`{{${name}}} (missing for ${plural(lacking.length, 'contact')} of ${targets.length})`);
    }
    if (problems.length > 0) {
      throw new AppError(
        'validation_failed',
        `The script uses ${texts.join(', ')}: give a value in default_variables, or for each contact in variables.`,
        problems,
      );
    }
  }
}
