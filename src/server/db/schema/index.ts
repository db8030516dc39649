// One file per aggregate; this module re-exports them all for Drizzle and drizzle-kit.
export {};
