import { type ChildProcess } from 'node:child_process';
export declare const ROOT: string;
export type ServiceName = 'gateway' | 'jobs' | 'feed';
export interface TestStack {
    readonly baseUrl: string;
    readonly dataDir: string;
    readonly prefix: string;
    readonly env: NodeJS.ProcessEnv;
    /** Runs a script (migrate, seed, reconcile) to completion; returns its stdout and exit status. */
    runScript(file: string): {
        stdout: string;
        status: number | null;
    };
    startService(name: ServiceName): ChildProcess;
    /** The latest verification code the paper notifier wrote for an account. */
    outboxCode(account: string): string;
    stop(): Promise<void>;
}
export declare function freePort(): Promise<number>;
/** Migrates, seeds and starts the named services, then waits for /readyz. */
export declare function startStack(options: {
    services: ServiceName[];
    env?: NodeJS.ProcessEnv;
}): Promise<TestStack>;
