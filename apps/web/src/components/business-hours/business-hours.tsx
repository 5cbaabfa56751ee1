import { businessHours } from '../../config/support';
import './business-hours.css';

export type HeadingLevel = 2 | 3 | 4 | 5;

export interface BusinessHoursProps {
  readonly title?: string;
  /** Level of the block's title in the page outline. */
  readonly headingLevel?: HeadingLevel;
}

/** The support window's business hours (spec §2): 9:00〜17:00, excluding weekends, holidays and New Year. */
export function BusinessHours({ title = businessHours.title, headingLevel = 3 }: BusinessHoursProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div className="business-hours">
      <Heading className="business-hours__title">{title}</Heading>
      <p className="business-hours__hours">{businessHours.hours}</p>
      <p className="business-hours__note">{businessHours.note}</p>
    </div>
  );
}
