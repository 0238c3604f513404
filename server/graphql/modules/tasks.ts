// GraphQL types of the tasks area: import each of the area's node/mutation files here.
export {};
