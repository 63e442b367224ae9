import { useEffect, useState } from 'react';
import type { Outbox } from './outbox';
import { CarerButton } from './carer-button';

/** The browser's offer to add the app to the home screen (Chrome and Edge on Android), kept until the carer asks. */
interface InstallPrompt extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

const installedAsApp = () => window.matchMedia?.('(display-mode: standalone)').matches || (navigator as Navigator & { standalone?: boolean }).standalone === true;

const isIPhone = () => /iPhone|iPad|iPod/.test(navigator.userAgent);

/**
 * On first use in the browser, how to put the app on the home screen, so it opens like any other app, with or without
 * signal: the browser's own button where it offers one, else its menu's words. Gone once added or dismissed (kept
 * with the rest of the phone's data, and wiped with it).
 */
export function HomeScreenHint({ outbox }: { outbox: Outbox }) {
  const [shown, setShown] = useState(false);
  const [offer, setOffer] = useState<InstallPrompt>();

  useEffect(() => {
    if (installedAsApp()) return;
    void outbox.get('homeScreenHintDone').then((done) => setShown(!done));
    const onOffer = (event: Event) => {
      event.preventDefault();
      setOffer(event as InstallPrompt);
    };
    window.addEventListener('beforeinstallprompt', onOffer);
    return () => window.removeEventListener('beforeinstallprompt', onOffer);
  }, [outbox]);

  const done = () => {
    setShown(false);
    void outbox.set('homeScreenHintDone', true);
  };

  if (!shown) return null;
  return (
    <aside aria-labelledby="home-screen-hint" className="space-y-2 rounded-xl border bg-card p-4">
      <h2 id="home-screen-hint" className="font-semibold">
        Put Valecare on your home screen
      </h2>
      <p>
        It then opens like any other app, even with no signal.{' '}
        {offer ? null : isIPhone() ? 'In Safari, tap Share, then “Add to Home Screen”.' : 'In your browser’s menu (⋮), choose “Add to Home screen” or “Install app”.'}
      </p>
      <div className="flex flex-wrap gap-2">
        {offer ? (
          <CarerButton
            onClick={() => void offer.prompt().then(() => offer.userChoice).then(({ outcome }) => outcome === 'accepted' && done())}
            look="primary"
            size="small"
          >
            Add to home screen
          </CarerButton>
        ) : null}
        <CarerButton onClick={done} size="small">
          {offer ? 'Not now' : 'Got it'}
        </CarerButton>
      </div>
    </aside>
  );
}
