/**
 * Base class of the errors a business rule raises on purpose. `code` is a stable, kebab-case name the
 * server maps to its own HTTP error codes (architecture.md §4.5); the domain knows nothing of HTTP.
 * Programming mistakes (a negative lag in a fund's configuration, say) stay plain `RangeError`s.
 *
 * Error fields are declared and assigned explicitly, never as constructor parameter properties: the
 * package must also load under Node's own type stripping (root scripts, decision 001), which accepts
 * erasable syntax only; `erasableSyntaxOnly` in this package's tsconfig keeps it so.
 */
export abstract class DomainError extends Error {
  abstract readonly code: string;
}
