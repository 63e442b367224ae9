import {
  ArrowRight,
  BellRing,
  CalendarCheck,
  CircleCheck,
  HeartHandshake,
  type LucideIcon,
  ShieldCheck,
  UserPlus,
  Users,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardHeader } from '@/client/components/ui/card';
import { SIGN_IN_BUTTON_ATTRIBUTE } from '@/client/lib/sign-in-state';
import { cn } from '@/client/lib/utils';

type Feature = { title: string; description: string; icon: LucideIcon };

const FEATURES: Feature[] = [
  {
    title: 'Comprehensive Care Management',
    description:
      'Keep every client, care request and care package in one place, and see at a glance which micro-provider or volunteer is supporting whom.',
    icon: HeartHandshake,
  },
  {
    title: 'Smart Scheduling & Logging',
    description:
      'Plan visits and MAG sessions, log the hours your carers give, and turn them into clear hours reports for trustees and funders.',
    icon: CalendarCheck,
  },
  {
    title: 'Secure & Compliant',
    description:
      'Keep track of DBS checks and training, decide who sees what by role, and keep a full record of every change.',
    icon: ShieldCheck,
  },
];

type Point = { title: string; detail: string };

const WHY_CHOOSE: Point[] = [
  { title: 'Client onboarding and management', detail: 'Welcome new clients with a simple, guided record that grows with their care.' },
  { title: 'Real-time activity tracking and reporting', detail: 'See visits and hours as they are logged, ready when a funder asks.' },
  { title: 'Automated DBS and training expiry monitoring', detail: 'A gentle reminder well before a check or certificate runs out.' },
  { title: 'Role-based access control', detail: 'Staff, micro-providers and volunteers see only what they need to.' },
  { title: 'Audit trails for compliance', detail: 'Every change is recorded, so you can answer questions with confidence.' },
  { title: 'A mobile-friendly interface', detail: 'Works as well on a phone between visits as it does at the office desk.' },
];

// Illustrative only: the page is public, so nothing here comes from real records.
const SAMPLE_ACTIVITY: { label: string; icon: LucideIcon }[] = [
  { label: 'New care request matched to a micro-provider', icon: UserPlus },
  { label: 'DBS renewal reminder sent to a volunteer', icon: BellRing },
  { label: 'MAG session attendance logged', icon: Users },
];

function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false" className={cn('size-8 text-primary', className)}>
      <rect width="32" height="32" rx="8" fill="currentColor" />
      <path d="M9 10c0 6 3 11 7 13 4-2 7-7 7-13-3 0-5 1-7 3-2-2-4-3-7-3z" fill="#fff" />
    </svg>
  );
}

function Container({ className, children }: { className?: string; children: ReactNode }) {
  return <div className={cn('mx-auto w-full max-w-6xl px-4 sm:px-6 lg:px-8', className)}>{children}</div>;
}

function SamplePanel() {
  return (
    <aside
      aria-label="Sample dashboard"
      className="rounded-2xl bg-sidebar p-6 text-sidebar-foreground shadow-xl ring-1 ring-sidebar-border sm:p-8"
    >
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm font-medium">This week at a glance</p>
        <span className="rounded-full bg-sidebar-accent px-2.5 py-0.5 text-xs text-sidebar-accent-foreground">
          Sample
        </span>
      </div>
      <dl className="mt-6 grid grid-cols-2 gap-4">
        <div className="flex flex-col-reverse gap-1 rounded-xl bg-sidebar-accent/60 p-4">
          <dt className="text-sm text-sidebar-foreground/80">Active clients</dt>
          <dd className="text-4xl font-semibold tracking-tight text-sidebar-accent-foreground">24</dd>
        </div>
        <div className="flex flex-col-reverse gap-1 rounded-xl bg-sidebar-accent/60 p-4">
          <dt className="text-sm text-sidebar-foreground/80">Volunteers</dt>
          <dd className="text-4xl font-semibold tracking-tight text-sidebar-accent-foreground">12</dd>
        </div>
      </dl>
      <ul className="mt-6 space-y-3 border-t border-sidebar-border pt-6 text-sm">
        {SAMPLE_ACTIVITY.map(({ label, icon: Icon }) => (
          <li key={label} className="flex items-start gap-3">
            <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 opacity-80" />
            <span>{label}</span>
          </li>
        ))}
      </ul>
    </aside>
  );
}

/** A sign-in button: `onSignIn` in the app; drawn by the build (landing-markup.tsx), the page's script finds it by this. */
const SIGN_IN_BUTTON = { [SIGN_IN_BUTTON_ATTRIBUTE]: '' };

export function LandingPage({ onSignIn }: { onSignIn?: () => void }) {
  return (
    <div className="flex min-h-svh flex-col bg-background text-foreground">
      <header className="sticky top-0 z-10 border-b bg-background/90 backdrop-blur">
        <Container className="flex h-16 items-center justify-between gap-4">
          <div className="flex min-w-0 items-center gap-2.5">
            <LogoMark />
            <span className="truncate text-lg font-semibold tracking-tight">Valecare</span>
          </div>
          <Button type="button" onClick={onSignIn} {...SIGN_IN_BUTTON}>
            Sign In
          </Button>
        </Container>
      </header>

      <main className="flex-1">
        <section
          aria-labelledby="landing-hero-title"
          className="bg-linear-to-b from-secondary to-background py-16 sm:py-24"
        >
          <Container className="grid items-center gap-12 lg:grid-cols-[1.15fr_1fr]">
            <div>
              <Badge variant="secondary" className="border-primary/20 bg-background/70 text-primary">
                Healthcare management platform
              </Badge>
              <h1
                id="landing-hero-title"
                className="mt-5 text-4xl font-semibold tracking-tight text-balance sm:text-5xl"
              >
                Care coordination for the people who hold your community together
              </h1>
              <p className="mt-5 max-w-xl text-lg text-pretty text-muted-foreground">
                Valecare brings clients, carers, care requests and packages into one calm, secure place, so your team
                spends less time chasing paperwork and more time with the people you support.
              </p>
              <div className="mt-8 flex flex-col gap-3 sm:flex-row">
                <Button type="button" size="lg" onClick={onSignIn} {...SIGN_IN_BUTTON}>
                  Get Started Today
                  <ArrowRight aria-hidden="true" />
                </Button>
                {/* Deliberately inert for now: there is no further reading to send visitors to yet. */}
                <Button type="button" size="lg" variant="outline">
                  Learn More
                </Button>
              </div>
            </div>
            <SamplePanel />
          </Container>
        </section>

        <section aria-labelledby="landing-features-title" className="py-16 sm:py-24">
          <Container>
            <div className="max-w-2xl">
              <h2 id="landing-features-title" className="text-3xl font-semibold tracking-tight">
                Everything your care team needs, in one place
              </h2>
              <p className="mt-4 text-lg text-muted-foreground">
                From the first phone call about a neighbour who needs help to the report your trustees read, Valecare
                keeps the whole picture together.
              </p>
            </div>
            <ul className="mt-10 grid gap-6 md:grid-cols-3">
              {FEATURES.map(({ title, description, icon: Icon }) => (
                <li key={title} className="flex">
                  <Card className="w-full transition-shadow hover:shadow-md">
                    <CardHeader className="gap-4">
                      <span className="flex size-11 items-center justify-center rounded-lg bg-secondary text-primary">
                        <Icon aria-hidden="true" className="size-5" />
                      </span>
                      <h3 className="text-lg leading-snug font-semibold">{title}</h3>
                    </CardHeader>
                    <CardContent>
                      <p className="text-muted-foreground">{description}</p>
                    </CardContent>
                  </Card>
                </li>
              ))}
            </ul>
          </Container>
        </section>

        <section aria-labelledby="landing-why-title" className="border-y bg-secondary/50 py-16 sm:py-24">
          <Container className="grid gap-10 lg:grid-cols-[1fr_1.6fr]">
            <div>
              <h2 id="landing-why-title" className="text-3xl font-semibold tracking-tight">
                Why choose Valecare?
              </h2>
              <p className="mt-4 text-lg text-muted-foreground">
                Built around how a small community care charity really works, with the checks and records you need
                handled quietly in the background.
              </p>
            </div>
            <ul className="grid gap-x-8 gap-y-6 sm:grid-cols-2">
              {WHY_CHOOSE.map(({ title, detail }) => (
                <li key={title} className="flex gap-3">
                  <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
                  <div>
                    <span className="block font-medium">{title}</span>
                    <span className="mt-1 block text-sm text-muted-foreground">{detail}</span>
                  </div>
                </li>
              ))}
            </ul>
          </Container>
        </section>

        <section aria-labelledby="landing-cta-title" className="py-16 sm:py-24">
          <Container>
            <div className="flex flex-col items-start gap-6 rounded-2xl bg-primary px-6 py-10 text-primary-foreground shadow-lg sm:px-10 md:flex-row md:items-center md:justify-between">
              <div className="max-w-2xl">
                <h2 id="landing-cta-title" className="text-2xl font-semibold tracking-tight sm:text-3xl">
                  Ready to bring your care team together?
                </h2>
                <p className="mt-3 text-primary-foreground/85">
                  Sign in with your Valecare account to see your clients, carers and reports in one place.
                </p>
              </div>
              <Button
                type="button"
                size="lg"
                variant="secondary"
                onClick={onSignIn}
                {...SIGN_IN_BUTTON}
                className="focus-visible:ring-primary-foreground/70"
              >
                Start Your Journey
                <ArrowRight aria-hidden="true" />
              </Button>
            </div>
          </Container>
        </section>
      </main>

      <footer className="border-t">
        <Container className="flex flex-col gap-3 py-8 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between">
          <div className="flex flex-col gap-1 sm:flex-row sm:items-center sm:gap-3">
            <span className="flex items-center gap-2 font-medium text-foreground">
              <LogoMark className="size-6" />
              Valecare
            </span>
            <span>Care coordination for community care charities</span>
          </div>
          <p>© 2025 Valecare. All rights reserved.</p>
        </Container>
      </footer>
    </div>
  );
}
