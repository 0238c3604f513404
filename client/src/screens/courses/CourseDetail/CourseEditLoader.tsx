import { graphql, useLazyLoadQuery } from 'react-relay';
import { CourseFormDialog } from '../shared/CourseFormDialog.tsx';
import type { CourseEditLoaderQuery } from './__generated__/CourseEditLoaderQuery.graphql.ts';

const editQuery = graphql`
  query CourseEditLoaderQuery($id: ID!) {
    viewer {
      manage: can(right: "course.manage")
    }
    node(id: $id) {
      __typename
      ... on Course {
        id
        no
        name
        type
        site
        place
        classroom {
          id
        }
        lecturers {
          databaseId
          name
          nameEn
        }
        studentCount
        durationMin
        totalNumber
        everyWeekNumber
        lessonHours
        beforeWork
        afterWork
        projectId
      }
    }
  }
`;

/** The edit form of a course, its fields read fresh (the list's row has only some). */
export function CourseEditLoader({ id, onClose, onSaved }: { id: string; onClose: () => void; onSaved: (id: string) => void }) {
  const data = useLazyLoadQuery<CourseEditLoaderQuery>(editQuery, { id }, { fetchPolicy: 'network-only' });
  const c = data.node?.__typename === 'Course' ? data.node : null;
  if (!c) return null;
  return <CourseFormDialog course={{ ...c, canChangeLecturers: data.viewer.manage }} onClose={onClose} onSaved={onSaved} />;
}
