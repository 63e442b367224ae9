// Copy, Download and Print for the set-up key and the recovery codes. The buttons are hidden until this runs, so a
// browser without scripts shows the key and codes alone, to be written down.
for (const button of document.querySelectorAll('[data-copy], [data-download], [data-print]')) button.hidden = false;

function textOf(selector) {
  return [...document.querySelectorAll(selector)].map((element) => element.textContent.trim()).join('\n');
}

function say(message) {
  const status = document.getElementById('keep-status');
  if (status) status.textContent = message;
}

document.addEventListener('click', async (event) => {
  const button = event.target.closest('button');
  if (!button) return;
  if (button.dataset.copy) {
    try {
      await navigator.clipboard.writeText(textOf(button.dataset.copy).replace(/ /g, button.dataset.copyKeepSpaces ? ' ' : ''));
      say(button.dataset.copied || 'Copied');
    } catch {
      say('This browser would not copy it: select the text and copy it yourself.');
    }
  } else if (button.dataset.download) {
    const text = `Valecare recovery codes\nEach works once, in place of a code from the authenticator app.\n\n${textOf(button.dataset.download)}\n`;
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    link.download = 'valecare-recovery-codes.txt';
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
  } else if (button.dataset.print !== undefined) {
    window.print();
  }
});
