// GraphQL types of the tasks area: import each of the area's node/mutation files here.
import '../../modules/tasks/tasks.node.ts';
import '../../modules/tasks/tasks.mutations.ts';
