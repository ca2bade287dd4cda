/**
 * `props` with `changes` replacing or adding props, for handing them on to another element:
 * `<AppLink {...passOn(props, { to })} />` where one would write `<AppLink {...props} to={to} />`.
 * Node 20's V8 adds a property after a spread in an object literal on a slow path, about a
 * microsecond each time; a page renders its links through three such components, twenty times
 * over (docs/decisions/0046-links-and-requests-without-router-overhead.md). `Object.assign` onto a
 * new object does the same in a tenth of the time.
 */
export function passOn<P extends object, C extends object>(props: P, changes: C): Omit<P, keyof C> & C {
  return Object.assign({}, props, changes);
}
