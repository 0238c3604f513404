// GraphQL types of the schools area: import each of the area's node/mutation files here.
import '../../modules/schools/schools.node.ts';
import '../../modules/schools/schools.mutations.ts';
import '../../modules/applications/applications.node.ts';
import '../../modules/applications/applications.mutations.ts';
