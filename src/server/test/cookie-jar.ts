/** Cookies by name for one site, kept from response to request as a browser keeps them during a sign-in. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  /** Takes the response's Set-Cookie lines: a cookie expired in 1970 is deleted, any other kept. */
  store(setCookieLines: readonly string[]) {
    for (const line of setCookieLines) {
      const [pair] = line.split(';');
      const [name, ...value] = pair!.split('=');
      if (/expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value.join('='));
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}
