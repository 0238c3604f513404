import { graphql } from 'react-relay';

/**
 * A schedule entry's own fields (a day's booked hours), as the task calendar and the daily
 * work screen read them and their saves answer; spread unmasked (`...scheduleEntryFields
 * @relay(mask: false)`).
 */
void graphql`
  fragment scheduleEntryFields on ScheduleEntry {
    id
    databaseId
    workDate
    beginAt
    endAt
    workHours
    scheduleType
    content
    taskIds
  }
`;
