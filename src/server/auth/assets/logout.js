// The app asked the user already: submit the provider's sign-out form at once, as the "Sign out"
// button would (its name=logout value=yes is what ends the session, so submit through it).
const form = document.getElementById('op.logoutForm');
const button = document.querySelector('button[name="logout"]');
if (form && button) form.requestSubmit(button);
