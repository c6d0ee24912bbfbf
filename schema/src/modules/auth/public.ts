/**
 * The auth door: what products may use of accounts, sessions and identity. No product uses any
 * of it today (the gateway's auth module signs users in); add here what one comes to need, never
 * an import of auth's insides.
 */
export {};
