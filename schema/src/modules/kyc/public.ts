/**
 * The kyc door: what products may use of identity verification. No product uses any of it today;
 * add here what one comes to need (a verified-status query, say), never an import of kyc's insides.
 */
export {};
