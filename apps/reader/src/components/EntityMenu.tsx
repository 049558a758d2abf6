import { useSessionStore } from '@quire/client-state';
import {
  dialogTexts,
  followButtonTexts,
  newsletterSettingsPath,
  profileMenuTexts,
  socialMenuTexts,
} from '@quire/domain';
import { useFocusTrap } from '@quire/ui';
import { type ReactNode, useId, useState } from 'react';
import { NARROW_SCREEN_QUERY, useMediaQuery } from '../lib/browser';
import { openSignUp, type SocialTarget, useFollowToggle, useModerationActions } from '../lib/social';
import { LinkItem, MenuShell, useCopy, useMenu } from './menu';

/** Spec §2 Paths: where the publication editor menu leads (pages not built yet answer 'Coming soon'). */
export const publicationMenuPaths = {
  stories: (slug: string) => `/${slug}/stories`,
  stats: (slug: string) => `/${slug}/stats`,
  design: (slug: string) => `/${slug}/design`,
  newsletter: (slug: string) => `/${slug}/new-newsletter`,
  settings: (slug: string) => `/${slug}/settings`,
  newStory: (slug: string) => `/${slug}/new-story`,
  followers: (slug: string) => `/${slug}/followers`,
  navigation: (slug: string) => `/${slug}/settings/navigation`,
  featurePages: (slug: string) => `/${slug}/settings/feature-pages`,
  about: (slug: string) => `/${slug}/about`,
} as const;

/** Spec §2 Paths: /me/design, where the profile owner designs their profile. */
export const DESIGN_PROFILE_PATH = '/me/design';

/** Spec §4 Report: the button reads 'Report and block' when the also-block box is checked, else 'Report'. */
export function reportButtonLabel(alsoBlock: boolean): string {
  return alsoBlock ? dialogTexts.reportAndBlock : dialogTexts.report;
}

/** Which dialog a menu has open. */
export type MenuDialog = 'report' | 'block' | 'desktopOnly' | null;

// ── Dialogs ────────────────────────────────────────────────────────────────────────────────

function Dialog({
  title,
  body,
  children,
  actions,
  onClose,
  testId,
}: {
  title: string;
  body: string;
  children?: ReactNode;
  actions: ReactNode;
  onClose: () => void;
  testId: string;
}) {
  const titleId = useId();
  // Tab stays inside, Escape closes, and focus returns to the menu's button.
  const dialogRef = useFocusTrap(true, { onEscape: onClose });
  return (
    <div className="q-dialog-backdrop">
      <div
        ref={dialogRef}
        className="q-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-testid={testId}
      >
        <h2 id={titleId}>{title}</h2>
        <p>{body}</p>
        {children}
        <div className="q-dialog-actions">{actions}</div>
      </div>
    </div>
  );
}

function CancelButton({ onClick }: { onClick: () => void }) {
  return (
    <button type="button" className="q-link-button" onClick={onClick}>
      {dialogTexts.cancel}
    </button>
  );
}

/** Spec §2: Design-your-profile is desktop only; on small screens this dialog says so. */
export function DesktopOnlyDialog({ onClose }: { onClose: () => void }) {
  return (
    <Dialog
      title={dialogTexts.desktopOnlyTitle}
      body={dialogTexts.desktopOnlyBody}
      onClose={onClose}
      testId="desktop-only-dialog"
      actions={
        <button type="button" className="q-button q-button-dark" onClick={onClose}>
          {dialogTexts.okayGotIt}
        </button>
      }
    />
  );
}

/**
 * Spec §4 Report: the dialog as it looks for a given checkbox state. The also-block box shows only when block
 * is offered (a user not already blocked).
 */
export function ReportDialogView({
  kind,
  blockOffered,
  alsoBlock,
  busy = false,
  onAlsoBlockChange,
  onReport,
  onCancel,
}: {
  kind: SocialTarget['kind'];
  blockOffered: boolean;
  alsoBlock: boolean;
  busy?: boolean;
  onAlsoBlockChange: (checked: boolean) => void;
  onReport: () => void;
  onCancel: () => void;
}) {
  const user = kind === 'user';
  const checked = blockOffered && alsoBlock;
  return (
    <Dialog
      title={user ? dialogTexts.reportUserTitle : socialMenuTexts.reportPublicationTitle}
      body={user ? dialogTexts.reportUserBody : socialMenuTexts.reportPublicationBody}
      onClose={onCancel}
      testId="report-dialog"
      actions={
        <>
          <CancelButton onClick={onCancel} />
          <button type="button" className="q-button q-button-danger" disabled={busy} onClick={onReport}>
            {reportButtonLabel(checked)}
          </button>
        </>
      }
    >
      {user && blockOffered ? (
        <label className="q-dialog-check">
          <input
            type="checkbox"
            checked={checked}
            onChange={(e) => onAlsoBlockChange(e.currentTarget.checked)}
          />{' '}
          {socialMenuTexts.alsoBlock}
        </label>
      ) : null}
    </Dialog>
  );
}

/** Spec §4 Report: the also-block box starts checked whenever block is offered. */
function ReportDialog({
  kind,
  blockOffered,
  onReport,
  onCancel,
}: {
  kind: SocialTarget['kind'];
  blockOffered: boolean;
  onReport: (alsoBlock: boolean) => Promise<unknown>;
  onCancel: () => void;
}) {
  const [alsoBlock, setAlsoBlock] = useState(blockOffered);
  const [busy, setBusy] = useState(false);
  return (
    <ReportDialogView
      kind={kind}
      blockOffered={blockOffered}
      alsoBlock={alsoBlock}
      busy={busy}
      onAlsoBlockChange={setAlsoBlock}
      onReport={() => {
        setBusy(true);
        void onReport(blockOffered && alsoBlock).finally(() => setBusy(false));
      }}
      onCancel={onCancel}
    />
  );
}

/** Spec §8 'Block this user?' confirmation. */
function BlockDialog({ onBlock, onCancel }: { onBlock: () => void; onCancel: () => void }) {
  return (
    <Dialog
      title={dialogTexts.blockUserTitle}
      body={dialogTexts.blockUserBody}
      onClose={onCancel}
      testId="block-dialog"
      actions={
        <>
          <CancelButton onClick={onCancel} />
          <button type="button" className="q-button q-button-danger" onClick={onBlock}>
            {socialMenuTexts.block}
          </button>
        </>
      }
    />
  );
}

// ── Menu shell and items ───────────────────────────────────────────────────────────────────

/** The entity menus' ··· button and menu. */
function EntityMenuShell(props: {
  open: boolean;
  onToggle: () => void;
  children: ReactNode;
  testId: string;
}) {
  return (
    <MenuShell
      className="q-entity-menu"
      buttonClassName="q-link-button q-entity-menu-button"
      label={socialMenuTexts.moreOptions}
      {...props}
    />
  );
}

function ActionItem({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <button type="button" role="menuitem" className="q-menu-item q-menu-action" onClick={onClick}>
      {children}
    </button>
  );
}

/** Copy link: the page's address to the clipboard, with an indicator that reverts after 2 s (spec §4). */
function CopyLinkItem({ path }: { path: string }) {
  const { copied, copy } = useCopy();
  return (
    <ActionItem onClick={() => copy(`${window.location.origin}${path}`)}>
      {copied ? socialMenuTexts.linkCopied : socialMenuTexts.copyLink}
    </ActionItem>
  );
}

/** What the other-viewer items act on and know. */
interface OtherViewerProps {
  target: SocialTarget;
  path: string;
  isFollowing: boolean;
  isMuting: boolean;
  /** Users only: whether the viewer blocks them (publications have no block). */
  isBlocking?: boolean;
  onDialog: (dialog: MenuDialog) => void;
  onDone: () => void;
}

/** Signed-out visitors get the sign-up flow instead of any action that needs an account (spec §4). */
const signedIn = () => {
  if (useSessionStore.getState().isLoggedIn) return true;
  openSignUp();
  return false;
};

/** Spec §2: other viewers see copy link, follow, mute and report (and block, for users). */
function OtherViewerItems({
  target,
  path,
  isFollowing,
  isMuting,
  isBlocking,
  onDialog,
  onDone,
}: OtherViewerProps) {
  const toggleFollow = useFollowToggle(target, 'entity_menu');
  const { mute, block } = useModerationActions(target);
  const user = target.kind === 'user';
  const act = (run: () => unknown) => () => {
    onDone();
    if (signedIn()) void run();
  };
  return (
    <>
      <CopyLinkItem path={path} />
      <ActionItem onClick={act(() => toggleFollow(!isFollowing))}>
        {isFollowing ? socialMenuTexts.unfollow : followButtonTexts.follow}
      </ActionItem>
      <ActionItem onClick={act(() => mute(!isMuting))}>
        {user
          ? isMuting
            ? socialMenuTexts.unmuteAuthor
            : socialMenuTexts.muteAuthor
          : isMuting
            ? socialMenuTexts.unmutePublication
            : socialMenuTexts.mutePublication}
      </ActionItem>
      {user ? (
        <ActionItem onClick={act(() => (isBlocking ? block(false) : onDialog('block')))}>
          {isBlocking ? profileMenuTexts.unblockAuthor : profileMenuTexts.blockAuthor}
        </ActionItem>
      ) : null}
      <ActionItem onClick={act(() => onDialog('report'))}>
        {user ? profileMenuTexts.reportAuthor : socialMenuTexts.reportPublication}
      </ActionItem>
    </>
  );
}

/** The dialog a menu has open, wired to its actions. */
function MenuDialogs({
  dialog,
  target,
  isBlocking = false,
  onClose,
}: {
  dialog: MenuDialog;
  target: SocialTarget;
  isBlocking?: boolean;
  onClose: () => void;
}) {
  const { block, report } = useModerationActions(target);
  if (dialog === 'desktopOnly') return <DesktopOnlyDialog onClose={onClose} />;
  if (dialog === 'block') {
    return (
      <BlockDialog
        onCancel={onClose}
        onBlock={() => {
          onClose();
          void block(true);
        }}
      />
    );
  }
  if (dialog === 'report') {
    return (
      <ReportDialog
        kind={target.kind}
        // Spec §5: the block option is offered only when the author is not already blocked.
        blockOffered={target.kind === 'user' && !isBlocking}
        onCancel={onClose}
        onReport={async (alsoBlock) => {
          if (await report(alsoBlock)) onClose();
        }}
      />
    );
  }
  return null;
}

/** A menu's open state and dialog; tests may start either open. */
function useMenuState(initialOpen: boolean, initialDialog: MenuDialog) {
  const [dialog, setDialog] = useState<MenuDialog>(initialDialog);
  return { ...useMenu(initialOpen), dialog, setDialog };
}

// ── Publication menu ───────────────────────────────────────────────────────────────────────

/** The publication fields the menu needs (publications.home answers them). */
export interface PublicationMenuData {
  id: string;
  name: string;
  slug: string;
  isAuroraVisible: boolean;
  /** Spec §3 Collection.newsletterV3: once there is one, the menu's Newsletter item leads to its settings. */
  newsletterV3?: { id: string; slug: string } | null;
  viewerEdge: { isEditor: boolean; isFollowing: boolean; isMuting: boolean };
}

/**
 * Spec §2 Publication menu: editors and owners get the management items (Feature pages only when Aurora is not
 * visible); everyone else gets 'About {publication}' and the other-viewer actions.
 */
export function PublicationMenu({
  publication,
  initialOpen = false,
  initialDialog = null,
}: {
  publication: PublicationMenuData;
  initialOpen?: boolean;
  initialDialog?: MenuDialog;
}) {
  const { open, toggle, close, dialog, setDialog } = useMenuState(initialOpen, initialDialog);
  const { slug, viewerEdge } = publication;
  const target: SocialTarget = { kind: 'collection', id: publication.id, name: publication.name };
  const p = publicationMenuPaths;
  return (
    <>
      <EntityMenuShell open={open} onToggle={toggle} testId="publication-menu">
        {viewerEdge.isEditor ? (
          <>
            <LinkItem href={p.stories(slug)}>{profileMenuTexts.stories}</LinkItem>
            <LinkItem href={p.stats(slug)}>{profileMenuTexts.viewStats}</LinkItem>
            <LinkItem href={p.design(slug)}>{profileMenuTexts.designYourPublication}</LinkItem>
            <LinkItem
              href={
                publication.newsletterV3
                  ? newsletterSettingsPath(slug, publication.newsletterV3.slug)
                  : p.newsletter(slug)
              }
            >
              {profileMenuTexts.newsletter}
            </LinkItem>
            <LinkItem href={p.settings(slug)}>{profileMenuTexts.settings}</LinkItem>
            <LinkItem href={p.newStory(slug)}>{profileMenuTexts.writeAStory}</LinkItem>
            <LinkItem href={p.followers(slug)}>{profileMenuTexts.followers}</LinkItem>
            <LinkItem href={p.navigation(slug)}>{profileMenuTexts.navigation}</LinkItem>
            {publication.isAuroraVisible ? null : (
              <LinkItem href={p.featurePages(slug)}>{profileMenuTexts.featurePages}</LinkItem>
            )}
          </>
        ) : (
          <>
            <LinkItem href={p.about(slug)}>{profileMenuTexts.about(publication.name)}</LinkItem>
            <OtherViewerItems
              target={target}
              path={`/${slug}`}
              isFollowing={viewerEdge.isFollowing}
              isMuting={viewerEdge.isMuting}
              onDialog={setDialog}
              onDone={close}
            />
          </>
        )}
      </EntityMenuShell>
      <MenuDialogs dialog={dialog} target={target} onClose={() => setDialog(null)} />
    </>
  );
}

// ── Profile menu ───────────────────────────────────────────────────────────────────────────

/** The profile fields the menu needs (profiles.byUsername answers them). */
export interface ProfileMenuData {
  id: string;
  name: string;
  username: string;
  viewerEdge: { isUser: boolean; isFollowing: boolean; isMuting: boolean; isBlocking: boolean };
}

/**
 * Spec §2 Profile menu: the owner gets 'Design your profile' (a desktop-only dialog on small screens); other
 * viewers get copy link, follow, mute, block and report (spec §5: no mute or block on one's own profile).
 */
export function ProfileMenu({
  user,
  initialOpen = false,
  initialDialog = null,
  narrowScreen,
}: {
  user: ProfileMenuData;
  initialOpen?: boolean;
  initialDialog?: MenuDialog;
  /** Overrides the media query (tests render on the server, where it is always false). */
  narrowScreen?: boolean;
}) {
  const { open, toggle, close, dialog, setDialog } = useMenuState(initialOpen, initialDialog);
  const matchesNarrow = useMediaQuery(NARROW_SCREEN_QUERY);
  const narrow = narrowScreen ?? matchesNarrow;
  const { viewerEdge } = user;
  const target: SocialTarget = { kind: 'user', id: user.id, name: user.name };
  return (
    <>
      <EntityMenuShell open={open} onToggle={toggle} testId="profile-menu">
        {viewerEdge.isUser ? (
          narrow ? (
            <ActionItem
              onClick={() => {
                close();
                setDialog('desktopOnly');
              }}
            >
              {profileMenuTexts.designYourProfile}
            </ActionItem>
          ) : (
            <LinkItem href={DESIGN_PROFILE_PATH}>{profileMenuTexts.designYourProfile}</LinkItem>
          )
        ) : (
          <OtherViewerItems
            target={target}
            path={`/@${user.username}`}
            isFollowing={viewerEdge.isFollowing}
            isMuting={viewerEdge.isMuting}
            isBlocking={viewerEdge.isBlocking}
            onDialog={setDialog}
            onDone={close}
          />
        )}
      </EntityMenuShell>
      <MenuDialogs
        dialog={dialog}
        target={target}
        isBlocking={viewerEdge.isBlocking}
        onClose={() => setDialog(null)}
      />
    </>
  );
}
