import { escapeHtmlText as escape } from '@/shared/html';
import { authenticatorQrCode, groupedSecret } from '@/server/accounts/totp';

const LOGO = `<svg class="logo" viewBox="0 0 32 32" aria-hidden="true"><rect width="32" height="32" rx="8" fill="currentColor"/><path d="M9 10c0 6 3 11 7 13 4-2 7-7 7-13-3 0-5 1-7 3-2-2-4-3-7-3z" fill="#fff"/></svg>`;

/** A page of the sign-in service, styled like the app; scripts come only from files (the CSP forbids inline). */
export function renderAuthPage({ title, body, script }: { title: string; body: string; script?: string }): string {
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)} · Valecare</title>
<link rel="stylesheet" href="/auth/assets/auth.css">
${script ? `<script src="/auth/assets/${script}" defer></script>` : ''}
</head>
<body>
<main class="card">
<div class="brand">${LOGO}<span>Valecare</span></div>
<h1>${escape(title)}</h1>
${body}
</main>
<p class="foot">Valecare is for the charity's staff and carers only.</p>
</body>
</html>`;
}

export const FORGOT_PASSWORD_PATH = '/auth/forgot-password';

const interactionPath = (uid: string) => `/auth/interaction/${encodeURIComponent(uid)}`;

function errorMessage(error: string | undefined, id: string): string {
  return error ? `<p class="error" role="alert" id="${id}">${escape(error)}</p>` : '';
}

/** The way out of a sign-in part-way through: the provider tells the app the user cancelled. */
function cancelForm(uid: string): string {
  return `<form method="post" action="${interactionPath(uid)}/abort"><button class="link" type="submit">Cancel and go back</button></form>`;
}

/**
 * A field for a code, filled from the app where the platform can. Digits-only fields get the phone's
 * number pad; a field that also takes recovery codes keeps the letters.
 */
function codeField({ label, error, hint, digitsOnly }: { label: string; error?: string; hint: string; digitsOnly: boolean }): string {
  return `<label for="code">${escape(label)}</label>
  <p class="field-hint" id="code-hint">${escape(hint)}</p>
  <input id="code" name="code" type="text" inputmode="${digitsOnly ? 'numeric' : 'text'}" autocomplete="one-time-code" spellcheck="false" autocapitalize="off" required autofocus maxlength="40" aria-describedby="code-hint${
    error ? ' code-error' : ''
  }" ${error ? 'aria-invalid="true"' : ''}>`;
}

export interface LoginPageOptions {
  uid: string;
  email?: string;
  error?: string;
  /** The carer app is signing in: carers use the address the office invited, not a work one. */
  forCarers?: boolean;
}

export function renderLoginPage({ uid, email = '', error, forCarers = false }: LoginPageOptions): string {
  const action = interactionPath(uid);
  const lead = forCarers ? 'Use the e-mail address and password you set from the office’s invitation.' : 'Use your work e-mail address and password.';
  return renderAuthPage({
    title: 'Sign in',
    body: `<p class="lead">${lead}</p>
${error ? `<p class="error" role="alert" id="login-error">${escape(error)}</p>` : ''}
<form method="post" action="${action}/login" autocomplete="on" novalidate>
  <label for="email">E-mail address</label>
  <input id="email" name="email" type="email" autocomplete="username" required value="${escape(email)}" ${
    email ? '' : 'autofocus'
  } ${error ? 'aria-describedby="login-error" aria-invalid="true"' : ''}>
  <label for="password">Password</label>
  <input id="password" name="password" type="password" autocomplete="current-password" required ${email ? 'autofocus' : ''}>
  <button class="primary" type="submit">Sign in</button>
</form>
${cancelForm(uid)}
<p class="hint"><a href="${FORGOT_PASSWORD_PATH}">Forgot your password?</a></p>`,
  });
}

export interface EnrolmentPageOptions {
  uid: string;
  email: string;
  secret: string;
  error?: string;
}

/** Setting up an authenticator app: scan (or type) the key, then prove it works with its first code. */
export function renderEnrolmentPage({ uid, email, secret, error }: EnrolmentPageOptions): string {
  return renderAuthPage({
    title: 'Set up two-step sign-in',
    script: 'keep-codes.js',
    body: `<p class="lead">Your account needs a code from an authenticator app as well as your password. Use an app such as Microsoft Authenticator or Google Authenticator on your work phone.</p>
${errorMessage(error, 'code-error')}
<ol class="steps">
  <li>In the app, add an account and scan this QR code.
    ${authenticatorQrCode(email, secret)}
    <p class="secret-label" id="totp-secret-label">Cannot scan it? Choose to enter a key in the app, and type this set-up key:</p>
    <p class="secret-row"><code class="secret" id="totp-secret">${escape(groupedSecret(secret))}</code>
    <button class="small" type="button" data-copy="#totp-secret" data-copied="Key copied" hidden>Copy key</button></p>
    <p class="keep-status" id="keep-status" role="status"></p>
  </li>
  <li>Enter the 6-digit code the app now shows for Valecare.</li>
</ol>
<form method="post" action="${interactionPath(uid)}/enrol" autocomplete="off" novalidate>
  ${codeField({ label: 'Code from the app', error, hint: 'Six digits. A new code appears every 30 seconds.', digitsOnly: true })}
  <button class="primary" type="submit">Turn on two-step sign-in</button>
</form>
${cancelForm(uid)}`,
  });
}

/** The second step of signing in: a code from the app, or a recovery code. */
export function renderCodePage({ uid, error }: { uid: string; error?: string }): string {
  return renderAuthPage({
    title: 'Enter your code',
    body: `<p class="lead">Open your authenticator app and enter the code it shows for Valecare.</p>
${errorMessage(error, 'code-error')}
<form method="post" action="${interactionPath(uid)}/verify" autocomplete="off" novalidate>
  ${codeField({ label: 'Code', error, hint: 'Six digits from the app, or one of your recovery codes if you do not have your phone.', digitsOnly: false })}
  <button class="primary" type="submit">Continue</button>
</form>
${cancelForm(uid)}
<p class="hint">Lost your phone and your recovery codes? Ask the office administrator to reset your two-step sign-in.</p>`,
  });
}

/** The recovery codes, once: the user keeps them and goes on to the app. */
export function renderRecoveryCodesPage({ codes, continueTo }: { codes: string[]; continueTo: string }): string {
  return renderAuthPage({
    title: 'Save your recovery codes',
    script: 'keep-codes.js',
    body: `<p class="lead">Two-step sign-in is on. If you ever sign in without your phone, enter one of these codes instead of a code from the app. Each code works once.</p>
<ol class="codes" aria-label="Recovery codes">${codes.map((code) => `<li><code>${escape(code)}</code></li>`).join('')}</ol>
<p class="keep-buttons">
  <button class="small" type="button" data-copy=".codes code" data-copy-keep-spaces="yes" data-copied="Recovery codes copied" hidden>Copy codes</button>
  <button class="small" type="button" data-download=".codes code" hidden>Download</button>
  <button class="small" type="button" data-print hidden>Print</button>
</p>
<p class="keep-status" id="keep-status" role="status"></p>
<p class="notice">Print them or keep them in a safe place now: they will not be shown again.</p>
<a class="primary" href="${escape(continueTo)}">I have saved my codes, continue</a>`,
  });
}

/** Asking for a link to choose a new password. */
export function renderForgotPasswordPage({ email = '', error, signInUrl }: { email?: string; error?: string; signInUrl: string }): string {
  return renderAuthPage({
    title: 'Forgot your password?',
    body: `<p class="lead">Enter the e-mail address you sign in with. We will send it a link to choose a new password.</p>
${errorMessage(error, 'email-error')}
<form method="post" action="${FORGOT_PASSWORD_PATH}" novalidate>
  <label for="email">E-mail address</label>
  <input id="email" name="email" type="email" autocomplete="username" required autofocus value="${escape(email)}" ${
    error ? 'aria-describedby="email-error" aria-invalid="true"' : ''
  }>
  <button class="primary" type="submit">Send me a link</button>
</form>
<p class="hint"><a href="${escape(signInUrl)}">Back to sign in</a></p>`,
  });
}

/** With no mail server, no link can reach its owner alone: an Admin issues one from the Staff screen and hands it over. */
export const NO_MAIL_SERVER_ANSWER = 'No mail server is set up, so no link can be e-mailed to you. Ask an Admin for a link to choose a new password.';

export function renderNoMailPage({ signInUrl }: { signInUrl: string }): string {
  return renderAuthPage({
    title: 'Forgot your password?',
    body: `<p class="lead" role="status">${escape(NO_MAIL_SERVER_ANSWER)}</p>
<a class="primary" href="${escape(signInUrl)}">Back to sign in</a>`,
  });
}

/** The same answer whether or not an account uses the address. */
export function renderResetRequestedPage({ hours, signInUrl }: { hours: number; signInUrl: string }): string {
  return renderAuthPage({
    title: 'Check your e-mail',
    body: `<p class="lead" role="status">If an account uses that address, we have sent it a link to choose a new password. The link works once, within ${hours} hour${hours === 1 ? '' : 's'}.</p>
<p class="hint">Nothing after a few minutes? Look in your junk mail folder, check the address, or ask the office administrator.</p>
<a class="primary" href="${escape(signInUrl)}">Back to sign in</a>`,
  });
}

export interface SetPasswordPageOptions {
  action: string;
  email: string;
  /** An invitation chooses a first password; a reset a new one. */
  firstPassword: boolean;
  error?: string;
  /** Which field the error is about. */
  errorField?: 'password' | 'confirm';
  minLength: number;
}

/** Choosing a password through an invitation or reset link. Paste and password managers work (WCAG 2.2, 3.3.8). */
export function renderSetPasswordPage({ action, email, firstPassword, error, errorField = 'password', minLength }: SetPasswordPageOptions): string {
  const describedBy = (field: 'password' | 'confirm', hint?: string) => {
    const ids = [hint, error && errorField === field ? 'password-error' : undefined].filter(Boolean).join(' ');
    return `${ids ? `aria-describedby="${ids}"` : ''} ${error && errorField === field ? 'aria-invalid="true"' : ''}`;
  };
  return renderAuthPage({
    title: firstPassword ? 'Choose your password' : 'Choose a new password',
    body: `<p class="lead">For your Valecare account, ${escape(email)}.</p>
${errorMessage(error, 'password-error')}
<form method="post" action="${escape(action)}" novalidate>
  <input name="username" type="email" autocomplete="username" value="${escape(email)}" readonly hidden>
  <label for="new-password">New password</label>
  <p class="field-hint" id="password-hint">At least ${minLength} characters, and not a common password. A few unrelated words make one that is strong and easy to remember; a password manager can make one for you.</p>
  <input id="new-password" name="password" type="password" autocomplete="new-password" required autofocus ${describedBy('password', 'password-hint')}>
  <label for="confirm-password">Confirm new password</label>
  <input id="confirm-password" name="confirm" type="password" autocomplete="new-password" required ${describedBy('confirm')}>
  <button class="primary" type="submit">Set password</button>
</form>`,
  });
}

/** A link that was used, voided or has expired (or never existed): nothing is set, and a new one is a click away. */
export function renderLinkUnusablePage(): string {
  return renderAuthPage({
    title: 'This link has expired or has already been used',
    body: `<p class="lead">Each link to choose a password works once, and only for a while. Your password has not been changed by it.</p>
<a class="primary" href="${FORGOT_PASSWORD_PATH}">Ask for a new link</a>
<p class="hint">Invited to Valecare and the invitation has expired? Ask the office administrator to send a new one, or ask for a new link here.</p>`,
  });
}

/** The password is set: on to signing in, where two-step sign-in is set up if the role needs it. */
export function renderPasswordSetPage({ signInUrl }: { signInUrl: string }): string {
  return renderAuthPage({
    title: 'Your password is set',
    body: `<p class="lead" role="status">Sign in with your e-mail address and your new password.</p>
<a class="primary" href="${escape(signInUrl)}">Go to sign in</a>`,
  });
}
