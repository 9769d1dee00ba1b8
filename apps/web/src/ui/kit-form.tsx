/**
 * The class names of the kit's form pieces for the public pages (kit-select.tsx, kit-steps.tsx): a
 * select, a two-way choice, a stepper and tabs, drawn with the markup, class names and CSS variables
 * Mantine's components render, so Mantine's stylesheet draws them as before — without Mantine's code
 * on a public first visit (docs/decisions/0014, 0021). The text field is kit-input.tsx.
 * kit-form.test.tsx checks the class names against the stylesheet.
 */
export const MF = {
  chevron: 'm_2943220b mantine-ComboboxChevron-chevron',
  segmentedRoot: 'm_cf365364 mantine-SegmentedControl-root',
  segmentedControl: 'm_69686b9b mantine-SegmentedControl-control',
  segmentedInput: 'm_1714d588 mantine-SegmentedControl-input',
  segmentedLabel: 'm_1738fcb2 mantine-SegmentedControl-label',
  segmentedInner: 'm_78882f40 mantine-SegmentedControl-innerLabel',
  stepperRoot: 'm_cbb4ea7e mantine-Stepper-root',
  stepperSteps: 'm_aaf89d0b mantine-Stepper-steps',
  stepperStep: 'mantine-focus-auto m_f56b1e2c m_cbb57068 mantine-Stepper-step m_87cf2631 mantine-UnstyledButton-root',
  stepperWrapper: 'm_818e70b mantine-Stepper-stepWrapper',
  stepperIcon: 'm_1959ad01 mantine-Stepper-stepIcon',
  stepperIconContent: 'm_8faaac38 mantine-Stepper-stepIconContent',
  stepperBody: 'm_1956aa2a mantine-Stepper-stepBody',
  stepperLabel: 'm_12051f6c mantine-Stepper-stepLabel',
  stepperSeparator: 'm_2a371ac9 mantine-Stepper-separator',
  stepperContent: 'm_78da155d mantine-Stepper-content',
  tabsRoot: 'm_89d60db1 mantine-Tabs-root',
  tabsList: 'm_576c9d4 m_89d33d6d mantine-Tabs-list',
  tab: 'mantine-focus-auto m_539e827b m_4ec4dce6 mantine-Tabs-tab m_87cf2631 mantine-UnstyledButton-root',
  tabLabel: 'm_42bbd1ae mantine-Tabs-tabLabel',
  tabsPanel: 'm_b0c91715 mantine-Tabs-panel',
  table: 'm_b23fa0ef mantine-Table-table',
  tbody: 'm_b2404537 mantine-Table-tbody',
  tr: 'm_4e7aa4fd mantine-Table-tr',
  th: 'm_4e7aa4f3 mantine-Table-th',
  td: 'm_4e7aa4ef mantine-Table-td',
} as const;

/** One choice of a select or a two-way choice. */
export interface Option {
  value: string;
  label: string;
}
