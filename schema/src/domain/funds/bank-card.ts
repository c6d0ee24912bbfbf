/** How a bank account number is shown anywhere but the card's own edit form: its last three digits. */
export function maskAccountNumber(accountNumber: string): string {
  return `****${accountNumber.slice(-3)}`;
}
