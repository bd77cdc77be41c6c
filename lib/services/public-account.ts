// What the app may show of an account: shared by accounts.ts and email-codes.ts.
export interface PublicAccount {
  id: string;
  email: string;
  name: string;
}
