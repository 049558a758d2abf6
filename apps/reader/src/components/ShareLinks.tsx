import { SHARE_CHANNEL_NAMES, SHARE_CHANNELS, type ShareChannel, shareTexts } from '@quire/domain';
import { useCopy } from './menu';

/**
 * A share page's body: the button to `channel`'s own share dialog, the address to copy (labelled `linkLabel`),
 * and the other networks' pages (`pathFor`).
 */
export function ShareLinks({
  share,
  channel,
  linkLabel,
  pathFor,
}: {
  share: { url: string; links: Record<ShareChannel, string> };
  channel: ShareChannel;
  linkLabel: string;
  pathFor: (channel: ShareChannel) => string;
}) {
  const { copied, copy } = useCopy();
  const network = SHARE_CHANNEL_NAMES[channel];
  return (
    <section className="q-share" data-testid="share">
      <p>
        <a
          className="q-button q-button-dark"
          href={share.links[channel]}
          target="_blank"
          rel="noopener noreferrer"
        >
          {shareTexts.continueTo(network)}
        </a>
      </p>
      <p className="q-card-meta">{shareTexts.opensNetwork(network)}</p>
      <p className="q-share-link">
        <input readOnly value={share.url} aria-label={linkLabel} />
        <button type="button" className="q-button" onClick={() => copy(share.url)}>
          {copied ? shareTexts.copied : shareTexts.copyLink}
        </button>
      </p>
      <p className="q-card-meta">
        {shareTexts.elsewhere}{' '}
        {SHARE_CHANNELS.filter((c) => c !== channel).map((c, i) => (
          <span key={c}>
            {i ? ' · ' : ''}
            <a href={pathFor(c)}>{SHARE_CHANNEL_NAMES[c]}</a>
          </span>
        ))}
      </p>
    </section>
  );
}
