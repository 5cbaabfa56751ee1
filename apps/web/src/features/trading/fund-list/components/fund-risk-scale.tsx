import { maxRiskLevel, riskLevelWords } from './fund-labels';

/**
 * リスク区分 as a five-step scale: filled steps up to the level beside the number and its words, so the
 * level is read from the text and the shape (filled or outlined), never from colour alone.
 */
export function FundRiskScale({ level }: { readonly level: number }) {
  const words = riskLevelWords[level];
  return (
    <span className="fund-risk">
      <span className="fund-risk__scale" aria-hidden="true">
        {Array.from({ length: maxRiskLevel }, (_, index) => (
          <span
            key={index}
            className={index < level ? 'fund-risk__step fund-risk__step--on' : 'fund-risk__step'}
          />
        ))}
      </span>
      <span className="fund-risk__text">
        {level}
        <span className="fund-risk__of">／{maxRiskLevel}</span>
        {words === undefined ? null : `（${words}）`}
      </span>
    </span>
  );
}
