import { callJson, expectStatus } from './accounts.ts';

/** A client in Nigeria (wallet in NGN) with money in the wallet, topped up through the sandbox checkout. */
export async function fundedClient(
  baseUrl: string,
  label: string,
  amount: number,
): Promise<{ accessToken: string; identifier: string }> {
  const countries = await callJson(`${baseUrl}/api/v1/region/country`, 'GET');
  const ng = (countries.json as { data: Array<{ identifier: string; code: string }> }).data.find(
    (c) => c.code === 'NG',
  )!;
  const email = `bench.${label}.${Date.now()}@example.com`;
  const password = 'Steady-Bench-4821';
  const registered = await callJson(`${baseUrl}/api/v1/user/register`, 'POST', {
    userType: 'client',
    firstName: 'Bench',
    lastName: 'Client',
    email,
    confirmEmail: email,
    countryIdentifier: ng.identifier,
    password,
    confirmPassword: password,
    acceptTerms: true,
  });
  expectStatus(`register ${email}`, registered, 201);
  // Sign-up starts no session (decision 0010): sign in as the web app does.
  const login = await callJson(`${baseUrl}/api/v1/user/login`, 'POST', { email, password });
  expectStatus(`login ${email}`, login, 200);
  const session = (login.json as { data: { accessToken: string; user: { identifier: string } } }).data;
  const topup = await callJson(`${baseUrl}/api/v1/payment/wallet`, 'POST', { amount }, session.accessToken);
  expectStatus('POST /payment/wallet', topup, 201);
  const { payment } = (topup.json as { data: { payment: { identifier: string; reference: string } } }).data;
  const paid = await fetch(`${baseUrl}/api/v1/payment/sandbox/checkout/${payment.reference}/pay`, {
    method: 'POST',
    redirect: 'manual',
  });
  if (paid.status !== 303) throw new Error(`sandbox pay answered ${paid.status}`);
  for (let i = 0; i < 50; i += 1) {
    const balance = await callJson(`${baseUrl}/api/v1/wallet/balance`, 'GET', undefined, session.accessToken);
    if ((balance.json as { data: { balance: number } }).data.balance === amount)
      return { accessToken: session.accessToken, identifier: session.user.identifier };
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the bench top-up was not credited within 10 s');
}
