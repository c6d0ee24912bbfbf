// Recorded drand quicknet rounds (public sources: python-drand-verify README for 657413; public
// test fixtures of other projects for 1000000 and 5358915). Used by the domain tests and by the
// workers' drand client tests (served from a local HTTP stand-in: no network in tests).
export interface RecordedRound {
  round: number;
  randomness: string;
  signature: string;
}

export const RECORDED_QUICKNET_ROUNDS: readonly RecordedRound[] = [
  {
    round: 657413,
    randomness: 'fc1873a13f3545aeade8401532ef5519920652eee6b0d2b19ca12643b87b3587',
    signature:
      'b713718a38ae728dfd477991af2822e08d2f305e47718cef9f7848ce4050e7be41076862b98fad56e91a6b85b89cd97b',
  },
  {
    round: 1000000,
    randomness: 'b22aad4794f7451896f7a371aa46106fd84d919f3f569acd5b2fddf1d1440af3',
    signature:
      '83ad29e4c409f9470fc2ef02f90214df49e02b441a1a241a82d622d9f608ef98fd8b11a029f1bee9d9e83b45088abe72',
  },
  {
    round: 5358915,
    randomness: 'ded576cc39a412bc7c66c6f4a530983f4894567ed27846fcca14909436308814',
    signature:
      '95f058cbd1294bc3fa28647dabded06d50b543643fb04e1cb2c5b6204daf20935782f7cae5fa7718cf87b4c43d108842',
  },
];
