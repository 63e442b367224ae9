import './carer.css';
import { StrictMode, useCallback, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { SignInConfig } from '@/server/auth/auth-setup';
import { SIGN_IN_PARAM } from '@/shared/constants';
import { ACCESS_ENDED, FROM_OFFICE_PARAM } from '@/shared/carer-app';
import { CARER_ROLE } from '@/shared/permissions';
import { CarerApp } from './carer-app';
import { carerApi, failureKind } from './carer-api';
import { CarerAuth, type CarerSession } from './carer-auth';
import { Outbox } from './outbox';
import type { AfterEnd, CarerApi } from './sender';
import { formatDate } from '@/shared/dates';
import { CarerButton } from './carer-button';

/** Where the app keeps the office's sign-in settings, so it opens with no signal. */
const CONFIG_KEY = 'valecare.carer.config';

async function signInConfig(): Promise<SignInConfig | undefined> {
  try {
    const response = await fetch('/config.json');
    if (response.ok) {
      const config = (await response.json()) as SignInConfig;
      localStorage.setItem(CONFIG_KEY, JSON.stringify(config));
      return config;
    }
  } catch {
    // No signal: the settings kept from the last time.
  }
  const kept = localStorage.getItem(CONFIG_KEY);
  return kept ? (JSON.parse(kept) as SignInConfig) : undefined;
}

type Boot =
  | { screen: 'app'; session: Extract<CarerSession, { status: 'signed-in' | 'sign-in-again' }>; auth: CarerAuth; outbox: Outbox; api: CarerApi }
  | { screen: 'signed-out'; auth?: CarerAuth; problem?: string }
  | { screen: 'staff' }
  | { screen: 'ended'; after?: AfterEnd };

/** Opens the app: finishes a sign-in coming back, keeps the phone's data to the account it belongs to, then shows. */
async function boot(): Promise<Boot> {
  const config = await signInConfig();
  if (!config) return { screen: 'signed-out', problem: 'Valecare needs signal the first time it opens. Try again where there is signal.' };
  const auth = new CarerAuth(config);
  const url = new URL(window.location.href);
  if (CarerAuth.isCallback(url)) {
    // A join that found no sign-in to join only leaves the carer to sign in.
    const refusal = url.searchParams.get('error') === 'login_required' ? '' : url.searchParams.get('error_description');
    if (url.searchParams.has('error') && !refusal) {
      window.history.replaceState(null, '', '/carer/');
      await auth.manager.clearStaleState();
      return { screen: 'signed-out', auth };
    }
    try {
      if (!refusal) await auth.completeSignIn(url.href);
    } catch {
      // Shown below as signed out with the reason.
    }
    window.history.replaceState(null, '', '/carer/');
    if (refusal) return { screen: 'signed-out', auth, problem: refusal };
  } else if (url.searchParams.has(SIGN_IN_PARAM) || url.searchParams.has(FROM_OFFICE_PARAM)) {
    window.history.replaceState(null, '', '/carer/');
    if ((await auth.session()).status !== 'signed-in') {
      await (url.searchParams.has(FROM_OFFICE_PARAM) ? auth.joinSignIn() : auth.signIn());
      return { screen: 'signed-out', auth };
    }
  }
  const session = await auth.session();
  if (session.status === 'signed-out') return { screen: 'signed-out', auth };
  if (session.user.role !== CARER_ROLE) {
    // Staff use the office's app: this sign-in is let go at once.
    await auth.signOut({ online: false });
    return { screen: 'staff' };
  }
  let outbox = await Outbox.open();
  const owner = await outbox.get('owner');
  if (owner && owner !== session.sub) {
    // Another carer's data never shows (or sends) under this account.
    await Outbox.wipe(outbox);
    outbox = await Outbox.open();
  }
  await outbox.set('owner', session.sub);
  return { screen: 'app', session, auth, outbox, api: carerApi(auth) };
}

function registerServiceWorker() {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  navigator.serviceWorker.register('/carer/sw.js', { scope: '/carer/' }).catch((error: unknown) => console.error('The app could not be kept for use offline:', error));
}

function Page({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col justify-center gap-4 px-6 py-12">
      <p className="text-lg font-semibold text-primary">Valecare</p>
      <h1 className="text-3xl font-semibold">{title}</h1>
      {children}
    </main>
  );
}

function Root() {
  const [state, setState] = useState<Boot>();
  useEffect(() => {
    boot().then(setState, (error: unknown) => setState({ screen: 'signed-out', problem: error instanceof Error ? error.message : String(error) }));
  }, []);
  const endAccess = useCallback(
    (ended: boolean) => async (after?: AfterEnd) => {
      if (state?.screen === 'app') {
        await Outbox.wipe(state.outbox);
        if (ended) await state.auth.signOut({ online: false });
      }
      setState(ended ? { screen: 'ended', after } : { screen: 'signed-out', auth: state?.screen === 'app' ? state.auth : undefined });
    },
    [state],
  );

  if (!state) return <p className="p-6 text-muted-foreground">Opening Valecare…</p>;
  if (state.screen === 'app') {
    return (
      <CarerApp
        user={state.session.user}
        auth={state.auth}
        outbox={state.outbox}
        api={state.api}
        failureKind={failureKind}
        onSignedOut={() => void endAccess(false)()}
        onAccessEnded={(after) => void endAccess(true)(after)}
      />
    );
  }
  if (state.screen === 'ended') {
    return (
      <Page title="Your access has ended">
        <p className="text-lg">{ACCESS_ENDED}</p>
        {state.after && state.after.delivered > 0 ? (
          <p className="text-lg font-medium">
            {state.after.delivered === 1 ? 'The visit you recorded went' : `The ${state.after.delivered} visits you recorded went`} to the office, which will
            record {state.after.delivered === 1 ? 'it' : 'them'} or say why not.
          </p>
        ) : null}
        {state.after && state.after.notDelivered.length + state.after.askingsNotDelivered.length > 0 ? (
          <div role="alert" className="space-y-2 rounded-lg bg-destructive/10 p-4 text-destructive">
            <p className="font-semibold">These did not reach the office. Tell the office about them:</p>
            <ul className="list-disc space-y-1 pl-5">
              {state.after.notDelivered.map(({ visit, reason }) => (
                <li key={visit.id}>
                  {visit.clientName ? `${visit.clientName}, ` : ''}
                  {formatDate(visit.date)}, {visit.start} to {visit.end}: {reason}
                </li>
              ))}
              {state.after.askingsNotDelivered.map(({ asking, reason }) => (
                <li key={asking.id}>
                  Wellbeing answers of {asking.clientName}, {formatDate(asking.input.askedOn)}: {reason}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <p>Nothing of your clients, visits or wellbeing answers is kept on this phone.</p>
      </Page>
    );
  }
  if (state.screen === 'staff') {
    return (
      <Page title="This app is for carers">
        <p className="text-lg">Staff use Valecare in the office&apos;s app.</p>
        <a href="/" className="flex h-12 items-center justify-center rounded-lg bg-primary px-4 text-base font-semibold text-primary-foreground">
          Go to Valecare
        </a>
      </Page>
    );
  }
  return (
    <Page title="Record your visits">
      <p className="text-lg">Sign in with the e-mail address and password you set from the office&apos;s invitation.</p>
      {state.problem ? (
        <p role="alert" className="rounded-lg bg-destructive/10 px-4 py-3 font-medium text-destructive">
          {state.problem}
        </p>
      ) : null}
      {state.auth ? (
        <CarerButton
          onClick={() => void state.auth!.signIn().catch(() => setState({ ...state, problem: 'Signing in needs signal. Try again where there is signal.' }))}
          look="primary"
        >
          Sign in
        </CarerButton>
      ) : null}
    </Page>
  );
}

registerServiceWorker();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Root />
  </StrictMode>,
);
