import { customDomainTexts, subdomainTexts } from '@quire/domain';
import { describe, expect, it } from 'vitest';
import { CreateSubdomainPage, CustomDomainPage } from '../src/pages/domains/DomainPages';
import { renderWithProviders } from './render';

/* /me/settings/custom-domain and /me/create-subdomain as they render for each state. */

const records = {
  cname: { type: 'CNAME' as const, name: 'blog.example.com', value: 'quire.example' },
  apex: [{ type: 'A' as const, name: 'blog.example.com', value: '203.0.113.10' }],
};

function domainPage(domain: Record<string, unknown> | null) {
  return renderWithProviders(<CustomDomainPage />, (trpc, queryClient) =>
    queryClient.setQueryData(trpc.customDomains.current.queryKey(), {
      domain: domain
        ? {
            domain: 'blog.example.com',
            status: 'PENDING',
            failure: null,
            found: null,
            liveAt: null,
            checkedAt: null,
            nextCheckAt: null,
            nextCheckNowAt: null,
            records,
            ...domain,
          }
        : null,
    } as never),
  );
}

describe('the custom domain page', () => {
  it('asks for a domain when the viewer has none', () => {
    const html = domainPage(null);
    expect(html).toContain(customDomainTexts.domainLabel);
    expect(html).toContain('data-testid="custom-domain-form"');
    expect(html).not.toContain('data-testid="dns-records"');
  });

  it('shows a waiting domain with the records to create, Check now and Remove', () => {
    const html = domainPage({ checkedAt: '2026-11-25T12:00:00.000Z', found: 'A 198.51.100.7' });
    expect(html).toContain(customDomainTexts.statuses.PENDING);
    expect(html).toContain(customDomainTexts.statusHelp.PENDING);
    expect(html).toContain(customDomainTexts.found('A 198.51.100.7'));
    expect(html).toContain('<code>quire.example</code>');
    expect(html).toContain('<code>203.0.113.10</code>');
    expect(html).toContain(customDomainTexts.checkNow);
    expect(html).toContain(customDomainTexts.remove);
  });

  it('says why a domain failed, and hides the records once it is live', () => {
    const failed = domainPage({ status: 'FAILED', failure: 'RECORDS_GONE' });
    expect(failed).toContain(customDomainTexts.statuses.FAILED);
    expect(failed).toContain(customDomainTexts.failures.RECORDS_GONE);
    const live = domainPage({ status: 'LIVE', liveAt: '2026-11-25T12:00:00.000Z' });
    expect(live).toContain(customDomainTexts.statusHelp.LIVE);
    expect(live).not.toContain('data-testid="dns-records"');
  });
});

describe('the subdomain page', () => {
  const page = (hasSubdomain: boolean) =>
    renderWithProviders(<CreateSubdomainPage />, (trpc, queryClient) =>
      queryClient.setQueryData(trpc.customDomains.subdomain.queryKey(), {
        hasSubdomain,
        address: 'ada.quire.example',
        url: 'https://ada.quire.example',
        liveDomain: null,
      }),
    );

  it('shows the address, and the switch the other way', () => {
    const off = page(false);
    expect(off).toContain('ada.quire.example');
    expect(off).toContain(subdomainTexts.turnOn);
    const on = page(true);
    expect(on).toContain('href="https://ada.quire.example"');
    expect(on).toContain(subdomainTexts.turnOff);
  });
});
