// The screens' primitives (decision 012): a feature composes these and never writes a raw <input>, an
// ARIA widget or a money format of its own.
import './ui.css';

export { AmountField, type AmountFieldProps } from './amount-field';
export { AmountInput, digitsOf, groupedDigits } from './amount-input';
export { Badge, type BadgeTone } from './badge';
export { Card } from './card';
export { DescriptionList, type DescriptionItem } from './description-list';
export { EmptyState } from './empty-state';
export { ErrorState } from './error-state';
export { Field, type FieldControlProps } from './field';
export { Change, Money, NavPrice, Rate, Units } from './figures';
export { InlineQuestion } from './inline-question';
export { List, ListRow } from './list-row';
export { Points } from './points';
export { PrivacyToggle } from './privacy-toggle';
export { RadioGroup, type RadioOption } from './radio-group';
export { SegmentedControl, type SegmentedOption } from './segmented-control';
export { Select, type SelectOption } from './select';
export { Skeleton } from './skeleton';
export { TabPanel, Tabs, type TabItem } from './tabs';
export { TextInput, type TextInputProps } from './text-input';
export { UsageBar, type UsageBarSegment } from './usage-bar';
