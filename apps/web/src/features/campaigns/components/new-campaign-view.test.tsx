import { callingRulesSchema } from '@callwise/shared/schemas/calling-rules';
import { campaignDetailSchema } from '@callwise/shared/schemas/campaigns';
import { contactSchema, contactTagsSchema } from '@callwise/shared/schemas/contacts';
import { pageSchema } from '@callwise/shared/schemas/pagination';
import { scriptSchema } from '@callwise/shared/schemas/scripts';
import { voiceListSchema } from '@callwise/shared/schemas/voices';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { NewCampaignView } from '@/features/campaigns/components/new-campaign-view';
import * as fixtures from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { apiError, recordRequests, reply, server, url } from '@/test/server';

const maria = fixtures.contact();
const ben = fixtures.contact({ id: fixtures.id(102), name: 'Ben Carter', phone: '+12025550188' });
const noConsent = fixtures.contact({
  id: fixtures.id(103),
  name: 'Nora Quinn',
  phone: '+12025550199',
  consent: 'none',
  existing_customer: false,
});

function renderView() {
  const onCreated = vi.fn();
  const result = renderWithProviders(
    <NewCampaignView costEstimate={(calls) => <p>Estimate for {calls} calls</p>} onCreated={onCreated} />,
    { route: '/campaigns/new' },
  );
  return { ...result, onCreated };
}

beforeEach(() => {
  server.use(
    http.get(url('/v1/voices'), () => reply(voiceListSchema, fixtures.voices())),
    http.get(url('/v1/account/calling-rules'), () => reply(callingRulesSchema, fixtures.callingRules())),
    http.get(url('/v1/scripts'), () =>
      reply(pageSchema(scriptSchema), { data: [fixtures.script()], next_cursor: null }),
    ),
    http.get(url('/v1/contacts/tags'), () =>
      reply(contactTagsSchema, {
        data: [
          { tag: 'vip', count: 12 },
          { tag: 'new patient', count: 3 },
        ],
      }),
    ),
    http.get(url('/v1/contacts'), () =>
      reply(pageSchema(contactSchema), { data: [maria, ben, noConsent], next_cursor: null }),
    ),
  );
});

describe('NewCampaignView', () => {
  it('says what is missing before the review', async () => {
    const sent = recordRequests();
    const { user } = renderView();

    await user.click(await screen.findByRole('button', { name: 'Review Campaign' }));

    expect(await screen.findByLabelText('Campaign name')).toHaveAccessibleDescription(
      'Please give the campaign a name.',
    );
    expect(screen.getByText('Please choose a script.')).toBeInTheDocument();
    expect(screen.getByText('Choose at least one contact.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'New Campaign' })).toBeInTheDocument();
    expect(sent.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('creates a campaign for chosen contacts: script, values, review, then the POST', async () => {
    let posted: unknown;
    server.use(
      http.post(url('/v1/campaigns'), async ({ request }) => {
        posted = await request.json();
        return reply(campaignDetailSchema, fixtures.campaignDetail(), { status: 201 });
      }),
    );
    const { user, onCreated } = renderView();

    await user.type(screen.getByLabelText('Campaign name'), 'December reminders');
    await user.click(await screen.findByRole('combobox', { name: 'Script' }));
    await user.click(await screen.findByRole('option', { name: 'Cleaning reminder' }));
    // The script's own variable needs a value for every call; the recipient's name does not.
    const values = await screen.findByRole('group', { name: 'Values for every call' });
    expect(within(values).queryByLabelText('{{first_name}}')).not.toBeInTheDocument();
    await user.type(within(values).getByLabelText('{{date}}'), 'Friday');

    const list = await screen.findByRole('list', { name: 'Contacts to call' });
    expect(within(list).getByText('Nora Quinn').closest('label')).toHaveTextContent('No consent');
    await user.click(within(list).getByRole('checkbox', { name: /Maria Lopez/ }));
    await user.click(within(list).getByRole('checkbox', { name: /Ben Carter/ }));
    expect(screen.getByTestId('chosen-count')).toHaveTextContent('2 contacts selected');

    await user.click(screen.getByRole('button', { name: 'Review Campaign' }));

    expect(await screen.findByRole('heading', { name: 'Confirm the campaign' })).toBeInTheDocument();
    expect(screen.getByTestId('campaign-call-count')).toHaveTextContent('2 calls');
    expect(screen.getByText('2 chosen contacts')).toBeInTheDocument();
    expect(screen.getByText('Estimate for 2 calls')).toBeInTheDocument();
    const review = screen.getByRole('region', { name: 'Confirm the campaign' });
    expect(review).toHaveTextContent('December reminders');
    expect(review).toHaveTextContent('Cleaning reminder');
    expect(review).toHaveTextContent('Friday');

    await user.click(screen.getByRole('button', { name: 'Create Campaign' }));

    await waitFor(() => expect(onCreated).toHaveBeenCalledOnce());
    expect(onCreated.mock.calls[0]?.[0]).toMatchObject({ id: fixtures.id(601) });
    expect(posted).toEqual({
      name: 'December reminders',
      script_id: fixtures.id(201),
      call_type: 'appointment-reminder',
      voice: 'aria',
      contact_ids: [maria.id, ben.id],
      default_variables: { date: 'Friday' },
    });
    expect(await screen.findByText('Campaign created')).toBeInTheDocument();
    expect(screen.getByText('2 calls scheduled.')).toBeInTheDocument();
  });

  it('creates a campaign for a tag, saying first who would be skipped for consent', async () => {
    const sent = recordRequests();
    let posted: unknown;
    let answer = apiError(402, 'call_limit_reached', 'Your plan has 5 calls left this month.');
    server.use(
      http.get(url('/v1/contacts/count'), () => reply(z.object({ count: z.number().int() }), { count: 2 })),
      http.post(url('/v1/campaigns'), async ({ request }) => {
        posted = await request.json();
        return answer;
      }),
    );
    const { user, onCreated } = renderView();

    await user.type(screen.getByLabelText('Campaign name'), 'VIP offer');
    await user.click(await screen.findByRole('combobox', { name: 'Script' }));
    await user.click(await screen.findByRole('option', { name: 'Cleaning reminder' }));
    await user.type(await screen.findByLabelText('{{date}}'), 'Friday');
    await user.click(screen.getByRole('radio', { name: 'Everyone with a tag' }));
    await user.click(await screen.findByRole('combobox', { name: 'Tag' }));
    await user.click(await screen.findByRole('option', { name: /vip/ }));
    expect(screen.getByRole('combobox', { name: 'Tag' })).toHaveAccessibleDescription(
      '12 contacts with this tag.',
    );

    await user.click(screen.getByRole('button', { name: 'Review Campaign' }));

    expect(await screen.findByTestId('campaign-call-count')).toHaveTextContent('12 calls');
    expect(screen.getByText('Everyone tagged “vip” (12 contacts)')).toBeInTheDocument();
    expect(await screen.findByTestId('campaign-consent-skips')).toHaveTextContent(
      '2 contacts would be skipped for consent',
    );
    const gaps = sent.find((request) => request.path === '/contacts/count');
    expect(Object.fromEntries(gaps?.search ?? [])).toEqual({
      tag: 'vip',
      without_consent_for: 'appointment-reminder',
    });

    // Refused: the reason is told and nothing is created.
    await user.click(screen.getByRole('button', { name: 'Create Campaign' }));
    expect(await screen.findByText('Your plan has 5 calls left this month.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upgrade' })).toBeInTheDocument();
    expect(onCreated).not.toHaveBeenCalled();
    expect(posted).toEqual({
      name: 'VIP offer',
      script_id: fixtures.id(201),
      call_type: 'appointment-reminder',
      voice: 'aria',
      tag: 'vip',
      default_variables: { date: 'Friday' },
    });

    answer = reply(campaignDetailSchema, fixtures.campaignDetail({ name: 'VIP offer' }), { status: 201 });
    await user.click(screen.getByRole('button', { name: 'Create Campaign' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledOnce());
  });
});
