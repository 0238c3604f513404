import { createElement, type ComponentType } from 'react';
import type { SectionViewProps } from '../Section.tsx';
import { BioSection } from './BioSection.tsx';
import { EducationsSection } from './EducationsSection.tsx';
import { FamilySection } from './FamilySection.tsx';
import { FamilyMembersSection } from './FamilyMembersSection.tsx';
import { RewardProjectsSection } from './RewardProjectsSection.tsx';
import { AwardsSection } from './AwardsSection.tsx';
import { VericantSection } from './VericantSection.tsx';
import { ToeflJuniorSection } from './ToeflJuniorSection.tsx';
import { ToeflSection } from './ToeflSection.tsx';
import { SsatSection } from './SsatSection.tsx';
import { VariousExamsSection } from './VariousExamsSection.tsx';
import { ApplicationAccountsSection } from './ApplicationAccountsSection.tsx';
import { CardsSection } from './CardsSection.tsx';
import { RecommendersSection } from './RecommendersSection.tsx';
import { MultimediaSection } from './MultimediaSection.tsx';
import { RelativesSection } from './RelativesSection.tsx';
import { EssaysSection } from './EssaysSection.tsx';
import { SurveySection } from './SurveySection.tsx';
import { ApplyInformationSection } from './ApplyInformationSection.tsx';
import { OthersSection } from './OthersSection.tsx';
import { WritingsSection } from './WritingsSection.tsx';

/**
 * Each section's view by section key (shared/archive-sections.ts): a section's file holds its
 * fragment (the detail query spreads them all) and its save mutation (which answers only that
 * section), beside the one component they feed.
 */
const SECTION_VIEWS: Record<string, ComponentType<SectionViewProps>> = {
  bio: BioSection,
  educations: EducationsSection,
  family: FamilySection,
  familyMembers: FamilyMembersSection,
  rewardProjects: RewardProjectsSection,
  awards: AwardsSection,
  vericant: VericantSection,
  toeflJunior: ToeflJuniorSection,
  toefl: ToeflSection,
  ssat: SsatSection,
  variousExams: VariousExamsSection,
  applicationAccounts: ApplicationAccountsSection,
  cards: CardsSection,
  recommenders: RecommendersSection,
  multimedia: MultimediaSection,
  relatives: RelativesSection,
  essays: EssaysSection,
  survey: SurveySection,
  applyInformation: ApplyInformationSection,
  others: OthersSection,
  writings: WritingsSection,
};

/** The section's own view (its fragment, its save) around the shared Section. */
export function SectionView(props: SectionViewProps) {
  return createElement(SECTION_VIEWS[props.section.key]!, props);
}
