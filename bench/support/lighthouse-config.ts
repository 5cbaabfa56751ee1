// The Lighthouse configuration of `bench:lighthouse`: the default mobile preset (simulated throttling),
// performance only, plus a check of what the measured load ended on. A signed-out visitor is sent to the
// sign-in page and an expired session to a refresh or a redirect: a fast page that is not the signed-in
// screen must not pass, so every run reports the address and the <h1> its page shows at the end.
import { Audit, Gatherer, type Artifacts, type Config } from 'lighthouse';
// the namespaces of Lighthouse's own types (the package's entry exports the classes under these names)
import type * as LH from 'lighthouse/types/lh.js';

export interface ScreenShown {
  /** The page's address when the load was over (after any client-side redirect). */
  readonly url: string;
  /** The text of the first <h1>, or null when the page has none. */
  readonly heading: string | null;
}

const artifactId = 'ScreenShown';
const auditId = 'screen-shown';

/** Runs in the page (serialised by Lighthouse): nothing outside this function is in scope there. */
function readScreen() {
  const heading = document.querySelector('h1');
  return { url: location.href, heading: heading === null ? null : (heading.textContent ?? '').trim() };
}

class ScreenShownGatherer extends Gatherer {
  override meta = { supportedModes: ['navigation' as const] };

  override async getArtifact(context: LH.Gatherer.Context): Promise<LH.Gatherer.PhaseResultNonPromise> {
    const screen: ScreenShown = await context.driver.executionContext.evaluate(readScreen, {
      args: [],
      useIsolation: true,
    });
    // a custom artifact: Lighthouse's types know only its own
    return screen as unknown as LH.Gatherer.PhaseResultNonPromise;
  }
}

/** Keeps the artifact in a performance-only run (Lighthouse drops artifacts no audit asks for). */
class ScreenShownAudit extends Audit {
  static override get meta(): LH.Audit.Meta {
    return {
      id: auditId,
      title: 'The page shows a heading',
      failureTitle: 'The page shows no heading',
      description: 'The address and first heading the page showed when the load was over.',
      requiredArtifacts: [artifactId as keyof Artifacts],
    };
  }

  static override audit(artifacts: Artifacts): LH.Audit.Product {
    const screen = (artifacts as unknown as Record<string, ScreenShown>)[artifactId];
    return {
      score: screen?.heading ? 1 : 0,
      displayValue: `${screen?.url ?? '?'} — ${screen?.heading ?? '(no h1)'}`,
    };
  }
}

export const lighthouseConfig: Config = {
  extends: 'lighthouse:default',
  settings: {
    onlyCategories: ['performance', 'screen'],
    // Lighthouse resets these for the audited origin and empties the HTTP cache before each load, so every
    // run is a cold load like the floor's. Local storage, where the app keeps its session
    // (`fund.auth.tokens`), is not among them and is kept: the signed-in screen is what is measured.
    // Named here so a different default in a later Lighthouse cannot sign the session out unnoticed.
    clearStorageTypes: ['file_systems', 'shader_cache', 'service_workers', 'cache_storage'],
  },
  artifacts: [{ id: artifactId, gatherer: { implementation: ScreenShownGatherer } }],
  audits: [{ implementation: ScreenShownAudit }],
  categories: {
    screen: { title: 'Screen shown', auditRefs: [{ id: auditId, weight: 1 }] },
  },
};

/** The screen a run ended on, read from its artifacts. */
export function screenShown(artifacts: Artifacts | undefined): ScreenShown | undefined {
  return (artifacts as unknown as Record<string, ScreenShown> | undefined)?.[artifactId];
}
