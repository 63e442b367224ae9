import { escapeHtmlText as escape } from './html';

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
<p class="foot">Valecare is for the charity's staff only.</p>
</body>
</html>`;
}

export interface LoginPageOptions {
  uid: string;
  email?: string;
  error?: string;
}

export function renderLoginPage({ uid, email = '', error }: LoginPageOptions): string {
  const action = `/auth/interaction/${encodeURIComponent(uid)}`;
  return renderAuthPage({
    title: 'Sign in',
    body: `<p class="lead">Use your work e-mail address and password.</p>
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
<form method="post" action="${action}/abort"><button class="link" type="submit">Cancel and go back</button></form>
<p class="hint">Forgotten your password? Ask the office administrator to set a new one.</p>`,
  });
}
