// GraphQL types of the content area: import each of the area's node/mutation files here.
import '../../modules/projects/projects.node.ts';
import '../../modules/projects/projects.mutations.ts';
import '../../modules/letters/letters.node.ts';
import '../../modules/notices/notices.node.ts';
import '../../modules/dictionary/dictionary.node.ts';
