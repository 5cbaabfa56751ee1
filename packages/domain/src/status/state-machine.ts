import { DomainError } from '../errors/domain-error.ts';

/** For each state, the states it may move to. Every state must be listed, terminal ones with `[]`. */
export type TransitionTable<S extends string> = { readonly [From in S]: readonly S[] };

export class InvalidTransitionError extends DomainError {
  override readonly name = 'InvalidTransitionError';
  readonly code = 'invalid-transition';

  readonly machine: string;
  readonly from: string;
  readonly to: string;

  constructor(machine: string, from: string, to: string) {
    super(`${machine}: ${from} → ${to} is not allowed`);
    this.machine = machine;
    this.from = from;
    this.to = to;
  }
}

export interface StateMachine<S extends string> {
  readonly name: string;
  readonly table: TransitionTable<S>;
  canTransition(from: S, to: S): boolean;
  /** Throws `InvalidTransitionError` unless `from → to` is in the table. */
  assertTransition(from: S, to: S): void;
  isTerminal(state: S): boolean;
}

/** Wraps one transition table; a move is allowed only when the table lists it (staying put is not a move). */
export function defineStateMachine<S extends string>(
  name: string,
  table: TransitionTable<S>,
): StateMachine<S> {
  const canTransition = (from: S, to: S): boolean => table[from].includes(to);
  return {
    name,
    table,
    canTransition,
    assertTransition(from, to) {
      if (!canTransition(from, to)) throw new InvalidTransitionError(name, from, to);
    },
    isTerminal: (state) => table[state].length === 0,
  };
}
